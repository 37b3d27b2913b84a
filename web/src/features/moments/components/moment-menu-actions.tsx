import { lazy, Suspense, useState } from 'react';
import type { Journal } from '@moments/shared';
import { useNavigate } from 'react-router-dom';
import { NEEDS_CONNECTION, useOnline } from '../../offline/hooks/use-online';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { ListItemText, Menu, MenuItem } from '../../../components/ui/menu';
import { lazyWithPrefetch, loadOnce } from '../../../lib/load-later';
import { EXPORT_MOMENT_TITLE, deleteDialogTitle, type MenuCommand } from '../utils/moment-menu';

// What Pin, Delete and Export do (their calls, their dialogs): fetched once the page has
// settled, or at the first press of one, apart from the menu, which is in /home's first code so
// that its first press shows it at once.
const loadCommands = loadOnce(() => import('./moment-menu-commands'));
const MomentMenuCommands = lazy(loadCommands);
// "Mute this moment" and its calls: fetched with the rest, or at the first press, when the item
// fills in under the others.
const muteItem = lazyWithPrefetch(() =>
  import('../../notifications/components/mute-moment-item').then((module) => ({
    default: module.MuteMomentItem,
  })),
);

/** Fetches the code the menu's items run and open (the delete dialog, the mute item) ahead of use. */
export function prefetchMenuParts() {
  loadCommands()
    .then((commands) => commands.prefetchDeleteDialog())
    .catch(() => undefined);
  muteItem.prefetch();
}

interface MomentMenuActionsProps {
  journal: Journal;
  menuId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/**
 * A home card's menu (Pin, Share, Mute, Export, Delete or Leave), mounted at the card's first
 * "Moment options" press. A press on an item answers at once (the menu closes, a dialog's frame
 * shows) and the item's work follows when its code is here.
 */
export default function MomentMenuActions({
  journal,
  menuId,
  anchor,
  onClose,
}: MomentMenuActionsProps) {
  const navigate = useNavigate();
  const online = useOnline();
  const [command, setCommand] = useState<MenuCommand | null>(null);
  const press = (kind: MenuCommand['kind']) => {
    onClose();
    setCommand({ kind, id: (command?.id ?? 0) + 1 });
  };
  // While the commands' code is on its way: a dialog's frame, closed by Escape or a tap outside.
  const frames: Record<MenuCommand['kind'], string | null> = {
    pin: null,
    delete: deleteDialogTitle(journal),
    export: EXPORT_MOMENT_TITLE,
  };
  const frameTitle = command && frames[command.kind];

  return (
    <>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
        <MenuItem onClick={() => press('pin')}>
          {journal.isPinned ? 'Unpin' : 'Pin to Top'}
        </MenuItem>
        <MenuItem
          disabled={!online}
          onClick={() => {
            onClose();
            void navigate(`/journals/${encodeURIComponent(journal.id)}?openShareModal=true`);
          }}
        >
          <ListItemText primary="Share" secondary={online ? undefined : NEEDS_CONNECTION} />
        </MenuItem>
        <Suspense fallback={null}>
          <muteItem.Component
            journalId={journal.id}
            onDone={onClose}
            unavailable={online ? undefined : NEEDS_CONNECTION}
          />
        </Suspense>
        <MenuItem disabled={!online} onClick={() => press('export')}>
          <ListItemText primary="Export" secondary={online ? undefined : NEEDS_CONNECTION} />
        </MenuItem>
        <MenuItem disabled={!online} onClick={() => press('delete')} tone="error">
          <ListItemText primary="Delete" secondary={online ? undefined : NEEDS_CONNECTION} />
        </MenuItem>
      </Menu>
      {command && (
        <Suspense
          fallback={
            frameTitle && <DialogShell title={frameTitle} onClose={() => setCommand(null)} />
          }
        >
          <MomentMenuCommands journal={journal} command={command} />
        </Suspense>
      )}
    </>
  );
}
