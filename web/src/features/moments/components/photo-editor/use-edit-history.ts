import { useState } from 'react';
import { DEFAULT_CROP_POSITION, type PhotoRotation } from '@moments/shared';

export interface PhotoEdit {
  cropPosition: number;
  rotation: PhotoRotation;
}

/** The photo as uploaded: no turn, the default crop. */
export const UNEDITED: PhotoEdit = { cropPosition: DEFAULT_CROP_POSITION, rotation: 0 };

export const turnClockwise = (rotation: PhotoRotation): PhotoRotation =>
  ((rotation + 90) % 360) as PhotoRotation;

/**
 * The editor's state: every step since it opened, so Undo goes back one at a time until the
 * photo is saved. A slider drag is one step: `preview` shows it live, `commit` records it.
 */
export function useEditHistory(initial: PhotoEdit) {
  const [steps, setSteps] = useState<PhotoEdit[]>([initial]);
  const [preview, setPreview] = useState<PhotoEdit | null>(null);
  const current = preview ?? steps[steps.length - 1]!;

  const commit = (next: PhotoEdit) => {
    setPreview(null);
    setSteps((list) => {
      const last = list[list.length - 1]!;
      const same = last.cropPosition === next.cropPosition && last.rotation === next.rotation;
      return same ? list : [...list, next];
    });
  };

  return {
    current,
    /** Differs from the photo as it was opened. */
    changed: current.cropPosition !== initial.cropPosition || current.rotation !== initial.rotation,
    canUndo: steps.length > 1,
    preview: (next: PhotoEdit) => setPreview(next),
    commit,
    undo: () => {
      setPreview(null);
      setSteps((list) => (list.length > 1 ? list.slice(0, -1) : list));
    },
    /** The saved photo is the new starting point. */
    restart: (saved: PhotoEdit) => {
      setPreview(null);
      setSteps([saved]);
    },
  };
}
