// How the admin commands (npm run admin:*) end: exit 0 when done; on failure the reason (the
// usage line too, for commands that take options) and exit 1, with no stack for a person to read.

export function runCli(main: () => Promise<void>, usage?: string): void {
  main()
    .then(() => process.exit(0))
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      if (usage) console.error(usage);
      process.exit(1);
    });
}
