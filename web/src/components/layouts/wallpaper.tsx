import GlobalStyles from '@mui/material/GlobalStyles';

// Drawn with CSS gradients only: no image is fetched. Light enough that body text on it
// keeps AA contrast; cards sit on white paper anyway.
const wallpaper = [
  'radial-gradient(circle at 1px 1px, rgba(21, 63, 51, 0.07) 1px, transparent 0) 0 0 / 22px 22px',
  'radial-gradient(120% 80% at 100% 0%, rgba(47, 107, 88, 0.16) 0%, transparent 60%)',
  'radial-gradient(90% 70% at 0% 100%, rgba(196, 154, 92, 0.18) 0%, transparent 60%)',
  'linear-gradient(180deg, #F7F4EE 0%, #EFEBE2 100%)',
].join(', ');

/** The global wallpaper background, shown once the session has loaded. */
export function Wallpaper() {
  return (
    <GlobalStyles
      styles={{
        body: { background: wallpaper, backgroundAttachment: 'fixed', backgroundColor: '#F4F1EA' },
      }}
    />
  );
}
