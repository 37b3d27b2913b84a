import {
  memo,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import TextareaAutosize from 'react-textarea-autosize';
import {
  SUCCESS_TOASTS,
  newEntryId,
  postEntryFailedToast,
  referencedPhotoNumbers,
  type CommentInput,
  type JournalImage,
} from '@moments/shared';
import { ErrorAlert } from '../../../components/errors/error-alert';
import { toast } from '../../../components/ui/toast';
import { useLazyModule } from '../../../lib/load-later';
import { untilDrawn } from '../../../lib/schedule';
import { entryFailureMessage, usePostEntry } from '../api/post-entry';
import styles from './entry-input.module.css';
import { Spinner } from '../../../components/ui/spinner';

/** Up to four lines of an entry show; longer text scrolls in the field. */
const FIELD_MAX_ROWS = 4;

/**
 * Where the browser sizes a field to its text by CSS (`field-sizing`, entry-input.module.css),
 * the field is a plain textarea. Elsewhere react-textarea-autosize measures it, which forces a
 * layout of the whole page as the page first renders.
 */
const sizedByCss = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

// The entry's length rule (zod) is fetched when the person starts typing: a visit that only
// reads does not download it. The server applies the rule too.
const loadEntryRules = () => import('../utils/entry-rules');

/** The photo an entry is about, and its "#photo N" number. */
interface EntryPhoto {
  image: JournalImage;
  n: number;
}

/**
 * An entry about a photo is posted as "#photo N ..." (so the timeline links it) and tied to the
 * photo by photoId (which stays right when photos are reordered or removed).
 */
function photoEntry(text: string, { image, n }: EntryPhoto): Omit<CommentInput, 'id'> {
  const named = referencedPhotoNumbers(text, Number.MAX_SAFE_INTEGER).includes(n);
  return { text: named ? text : `#photo ${n} ${text}`, photoId: image.id };
}

/** What the person typed, once sent; its id stays the same however often it is retried. */
interface Sent {
  typed: string;
  input: CommentInput;
}

/** The field after `sent.typed` was posted: what was typed after it stays. */
function withoutPosted(current: string, typed: string): string {
  return current.startsWith(typed) ? current.slice(typed.length).trimStart() : current;
}

/**
 * The input for a new entry on the moment, or, with `photo`, about that photo. The text stays
 * in the field until the server has it: typing goes on while a post is in flight (only the
 * posted part is cleared afterwards), and a failed post keeps the text, says why and offers
 * Retry. Every entry carries an id made here, so a retry after a lost answer stores it once.
 */
export const EntryInput = memo(function EntryInput({
  journalId,
  photo,
}: {
  journalId: string;
  photo?: EntryPhoto;
}) {
  const [text, setText] = useState('');
  const [failed, setFailed] = useState<{ sent: Sent; message: string } | null>(null);
  const post = usePostEntry(journalId);
  // Entries pressed and not answered yet. Send shows "Sending" from the press, also while the
  // length rule's code or the outbox is still read before the post goes out.
  const [inFlight, setInFlight] = useState(0);
  const busy = inFlight > 0 || post.isPending;
  const prefix = photo && `#photo ${photo.n}`;
  const canSend = text.trim().length > 0;
  const checked = useLazyModule(loadEntryRules, text !== '')?.commentSchema.safeParse({ text });
  const tooLong =
    canSend && checked?.success === false ? checked.error.issues[0]?.message : undefined;

  // Entries are handled in the order they were sent: one may still wait for the length rule or
  // the outbox when the next is sent, and they must reach the timeline in the person's order.
  const handled = useRef<Promise<unknown>>(Promise.resolve());

  const send = (sent: Sent) => {
    setFailed(null);
    return post.postEntry(sent.input).then(
      ({ queued }) => {
        setText((current) => withoutPosted(current, sent.typed));
        // A queued entry shows in the timeline as "Waiting to send".
        if (!queued) toast(SUCCESS_TOASTS.entryAdded);
        // A reason to want to hear about this moment: notifications are offered (their code
        // loads only now).
        void import('../../notifications/utils/offer').then((offer) => offer.offerNotifications());
      },
      (error: unknown) => {
        const message = entryFailureMessage(error);
        setFailed({ sent, message });
        toast(postEntryFailedToast(message));
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend || post.isPending) return;
    setInFlight((n) => n + 1);
    const typed = text;
    // The same words again after a failure are the same entry (it may have been stored).
    const retrying = failed && failed.sent.typed === typed ? failed.sent : undefined;
    const knownResult = checked;
    const handle = async () => {
      // Sent before the rules arrived (a fast thumb): they are fetched now. Offline, where they
      // cannot be, the entry goes out trimmed and the server applies them when it arrives.
      const result =
        knownResult ??
        (await loadEntryRules().then(
          ({ commentSchema }) => commentSchema.safeParse({ text: typed }),
          () => ({ success: true as const, data: { text: typed.trim() } }),
        ));
      if (!result.success) return;
      const fields = photo ? photoEntry(result.data.text, photo) : { text: result.data.text };
      // "Sending" reaches the screen first, and then the post goes out (schedule.ts).
      await untilDrawn();
      await send(retrying ?? { typed, input: { ...fields, id: newEntryId() } });
    };
    handled.current = handled.current
      .then(handle)
      .catch((error: unknown) => console.error('Could not send the entry:', error))
      .finally(() => setInFlight((n) => n - 1));
  };

  const fieldProps = {
    className: styles.field,
    value: text,
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => setText(event.target.value),
    placeholder: prefix ? 'Write about this photo...' : 'Add to this memory...',
    'aria-label': prefix ? `Write about this photo (posted as ${prefix})` : 'Add to this memory',
    'aria-invalid': tooLong ? true : undefined,
    onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (event.key === 'Enter' && !event.shiftKey) onSubmit(event);
    },
  };

  return (
    <div>
      <form className={styles.form} onSubmit={onSubmit}>
        {prefix && (
          <span aria-hidden="true" className={styles.prefix}>
            {prefix}
          </span>
        )}
        {sizedByCss ? (
          <textarea rows={1} {...fieldProps} />
        ) : (
          <TextareaAutosize maxRows={FIELD_MAX_ROWS} {...fieldProps} />
        )}
        {canSend && (
          <button
            type="submit"
            aria-label="Send"
            className={styles.send}
            disabled={post.isPending || tooLong !== undefined}
            aria-busy={busy || undefined}
          >
            {busy ? (
              <Spinner size={20} label="Sending" />
            ) : (
              <svg
                width="22"
                height="22"
                viewBox="0 0 24 24"
                aria-hidden="true"
                fill="currentColor"
              >
                <path d="M3 20.5l18-8.5L3 3.5v6.6l12.9 1.9L3 13.9z" />
              </svg>
            )}
          </button>
        )}
      </form>
      {tooLong && (
        <p role="alert" className={styles.tooLong}>
          {tooLong}
        </p>
      )}
      {failed && !busy && (
        <ErrorAlert className={styles.failed} onRetry={() => send(failed.sent)}>
          {failed.message}
        </ErrorAlert>
      )}
    </div>
  );
});
