import type { Journal } from '@moments/shared';

/**
 * A press on one of a home card's menu items whose work is in components/moment-menu-commands
 * (Pin, Delete, Export); `id` tells presses apart.
 */
export interface MenuCommand {
  kind: 'pin' | 'delete' | 'export';
  id: number;
}

/** The delete dialog's title: for a contributor, Delete means leaving the shared moment. */
export const deleteDialogTitle = (journal: Journal) =>
  journal.role === 'contributor' ? 'Leave Moment' : 'Delete Moment';

export const EXPORT_MOMENT_TITLE = 'Export moment';
