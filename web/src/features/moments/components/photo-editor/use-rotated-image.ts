import { useEffect, useState } from 'react';

/**
 * `src` turned `degrees` clockwise, drawn on a canvas in the browser, as an object URL: the
 * editor's previews show a turn before the server has made it. `src` itself when not turned;
 * null while drawing. The image is same-origin, so the canvas can be read.
 */
export function useRotatedImage(src: string, degrees: number): string | null {
  const [turned, setTurned] = useState<{ key: string; url: string } | null>(null);
  const key = `${src}|${degrees}`;

  useEffect(() => {
    if (!degrees) return;
    let url: string | null = null;
    let cancelled = false;
    const image = new Image();
    image.onload = () => {
      const sideways = degrees % 180 !== 0;
      const canvas = document.createElement('canvas');
      canvas.width = sideways ? image.naturalHeight : image.naturalWidth;
      canvas.height = sideways ? image.naturalWidth : image.naturalHeight;
      const context = canvas.getContext('2d');
      if (!context) return;
      context.translate(canvas.width / 2, canvas.height / 2);
      context.rotate((degrees * Math.PI) / 180);
      context.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);
      canvas.toBlob((blob) => {
        if (!blob || cancelled) return;
        url = URL.createObjectURL(blob);
        setTurned({ key, url });
      }, 'image/webp');
    };
    image.src = src;
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [src, degrees, key]);

  if (!degrees) return src;
  return turned?.key === key ? turned.url : null;
}
