import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

// Simple drawings made of CSS boxes and gradients: nothing is downloaded for them, and they
// are decoration only (aria-hidden), the text beside them says everything.

export type IllustrationKind =
  'welcome' | 'moment' | 'photos' | 'timeline' | 'share' | 'private' | 'ready';

const PHOTO_FILLS = [
  'linear-gradient(135deg, #F2C48D 0%, #D9825B 100%)',
  'linear-gradient(135deg, #A7D3C2 0%, #2F6B58 100%)',
  'linear-gradient(135deg, #C9D7F2 0%, #6C8CC7 100%)',
  'linear-gradient(135deg, #F4E3B1 0%, #C49A5C 100%)',
  'linear-gradient(135deg, #E8B7C8 0%, #A5567A 100%)',
  'linear-gradient(135deg, #CFE3A6 0%, #6E9A3E 100%)',
];

const photo = (index: number, sx: SxProps<Theme> = {}): SxProps<Theme> => ({
  borderRadius: 2,
  background: PHOTO_FILLS[index % PHOTO_FILLS.length],
  boxShadow: '0 2px 6px rgba(21, 63, 51, 0.18)',
  ...sx,
});

function Line({ width, dark = false }: { width: string | number; dark?: boolean }) {
  return (
    <Box
      sx={{
        height: 8,
        width,
        borderRadius: 4,
        bgcolor: dark ? 'rgba(21, 63, 51, 0.55)' : 'rgba(21, 63, 51, 0.16)',
      }}
    />
  );
}

function Face({ index, size = 36 }: { index: number; size?: number }) {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        borderRadius: '50%',
        border: '3px solid #fff',
        background: PHOTO_FILLS[(index + 2) % PHOTO_FILLS.length],
        flexShrink: 0,
      }}
    />
  );
}

function Welcome() {
  return (
    <Box sx={{ position: 'relative', width: 200, height: 150 }}>
      {[-10, 4, -2].map((angle, i) => (
        <Box
          key={angle}
          sx={{
            position: 'absolute',
            left: 30 + i * 22,
            top: 12 + i * 6,
            width: 100,
            height: 118,
            p: 1,
            pb: 3,
            bgcolor: '#fff',
            borderRadius: 1.5,
            boxShadow: '0 4px 12px rgba(21, 63, 51, 0.2)',
            transform: `rotate(${angle}deg)`,
          }}
        >
          <Box sx={photo(i, { height: '100%', borderRadius: 1 })} />
        </Box>
      ))}
    </Box>
  );
}

function Moment() {
  return (
    <Box sx={{ width: 200, borderRadius: 3, overflow: 'hidden', bgcolor: '#fff', boxShadow: 2 }}>
      <Box sx={photo(0, { height: 96, borderRadius: 0, boxShadow: 'none' })} />
      <Box sx={{ p: 1.5, display: 'grid', gap: 1 }}>
        <Line width="70%" dark />
        <Line width="40%" />
      </Box>
    </Box>
  );
}

function Photos() {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 56px)', gap: 1 }}>
      {PHOTO_FILLS.map((fill, i) => (
        <Box key={fill} sx={photo(i, { height: 56, position: 'relative' })}>
          {i === 0 && (
            <Box
              sx={{
                position: 'absolute',
                right: 4,
                bottom: 4,
                px: 0.75,
                borderRadius: 2,
                bgcolor: 'rgba(255, 255, 255, 0.9)',
                fontSize: 10,
                fontWeight: 700,
                color: 'primary.main',
              }}
            >
              Cover
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

function Timeline() {
  return (
    <Box sx={{ position: 'relative', width: 220, pl: 3, display: 'grid', gap: 1.5 }}>
      <Box
        sx={{
          position: 'absolute',
          left: 8,
          top: 6,
          bottom: 6,
          width: 3,
          borderRadius: 2,
          bgcolor: 'rgba(21, 63, 51, 0.2)',
        }}
      />
      {[0, 1, 2].map((i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Face index={i} size={28} />
          <Box
            sx={{
              flex: 1,
              p: 1,
              borderRadius: 2,
              bgcolor: '#fff',
              boxShadow: 1,
              display: 'grid',
              gap: 0.75,
            }}
          >
            <Line width="80%" />
            {i === 1 ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                <Box sx={{ fontSize: 11, fontWeight: 700, color: 'primary.main', lineHeight: 1 }}>
                  #photo 2
                </Box>
                <Box sx={photo(1, { width: 20, height: 20, borderRadius: 1 })} />
              </Box>
            ) : (
              <Line width="50%" />
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Share() {
  return (
    <Box sx={{ position: 'relative', width: 220, height: 140 }}>
      <Box
        sx={photo(3, {
          position: 'absolute',
          left: 60,
          top: 20,
          width: 100,
          height: 100,
          borderRadius: 3,
        })}
      />
      {[
        { left: 14, top: 8 },
        { left: 170, top: 18 },
        { left: 24, top: 96 },
        { left: 162, top: 92 },
      ].map((position, i) => (
        <Box key={i} sx={{ position: 'absolute', ...position }}>
          <Face index={i} />
        </Box>
      ))}
    </Box>
  );
}

function Private() {
  return (
    <Box sx={{ position: 'relative', width: 120, height: 140 }}>
      <Box
        sx={{
          position: 'absolute',
          left: 30,
          top: 8,
          width: 60,
          height: 64,
          border: '10px solid',
          borderColor: 'primary.main',
          borderBottom: 0,
          borderRadius: '30px 30px 0 0',
        }}
      />
      <Box
        sx={{
          position: 'absolute',
          left: 14,
          top: 60,
          width: 92,
          height: 74,
          borderRadius: 3,
          bgcolor: 'primary.main',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <Box sx={{ width: 14, height: 24, borderRadius: 7, bgcolor: '#F4E3B1' }} />
      </Box>
    </Box>
  );
}

function Ready() {
  return (
    <Box
      sx={{
        width: 110,
        height: 160,
        borderRadius: 4,
        border: '6px solid',
        borderColor: 'primary.main',
        bgcolor: '#fff',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      <Box
        sx={{
          width: 56,
          height: 56,
          borderRadius: '50%',
          bgcolor: 'success.main',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <Box
          sx={{
            width: 14,
            height: 26,
            borderRight: '5px solid #fff',
            borderBottom: '5px solid #fff',
            transform: 'translateY(-3px) rotate(45deg)',
          }}
        />
      </Box>
    </Box>
  );
}

const DRAWINGS: Record<IllustrationKind, () => React.JSX.Element> = {
  welcome: Welcome,
  moment: Moment,
  photos: Photos,
  timeline: Timeline,
  share: Share,
  private: Private,
  ready: Ready,
};

export function TourIllustration({ kind }: { kind: IllustrationKind }) {
  const Drawing = DRAWINGS[kind];
  return (
    <Box
      aria-hidden="true"
      sx={{
        height: 180,
        mb: 3,
        borderRadius: 3,
        display: 'grid',
        placeItems: 'center',
        background:
          'radial-gradient(120% 90% at 100% 0%, rgba(47, 107, 88, 0.14) 0%, transparent 60%), #F7F4EE',
      }}
    >
      <Drawing />
    </Box>
  );
}
