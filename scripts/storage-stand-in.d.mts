// Types of storage-stand-in.mjs, for the TypeScript tests that use it.
export function startStorageStandIn(options: {
  buckets: string[];
  port?: number;
  host?: string;
  dataDir?: string;
}): Promise<{ url: string; close(): Promise<void> }>;

export function bucketFor(projectId: string): string;

export function startStorageForEmulators(
  options: { projectId: string; dataDir?: string },
  env?: Record<string, string | undefined>,
): Promise<{ close(): Promise<void>; env: Record<string, string> }>;
