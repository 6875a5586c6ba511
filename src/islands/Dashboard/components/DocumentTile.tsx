import { type ChangeEvent, type Ref, useEffect, useId, useState } from 'react';
import type { DocumentFormat, StoredFileType } from '../../../lib/documents.ts';
import { formatDate } from '../../../lib/format.ts';
import { useCall } from '../../shared/useCall.ts';
import { SessionEnded } from '../state/api.ts';
import styles from './DocumentTile.module.css';
import { acceptOf, formatsHint, type PreparedFile, prepareFile, sizeText } from './documentFiles.ts';
import { TextField } from './Fields.tsx';
import { ProgressBar } from './ProgressBar.tsx';

/** product.md §8, word for word: a tile's upload that never reached an answer. */
export const UPLOAD_ERROR = 'An error occurred while uploading documents. Please try again.';
/** The server's codes for a PDF that needs its password (src/server/application/documents.ts). */
const PASSWORD_CODES = new Set(['pdf_password_required', 'pdf_password_wrong']);

export interface TileDocument {
  doc_type: string;
  name: string;
  formats: readonly DocumentFormat[];
  /** What the server has on file for it, if anything. */
  stored: { uploaded_at: string | null; file_type: StoredFileType | null; file_url: string | null } | null;
}

export type UploadOutcome = { ok: true } | { ok: false; reason: string; code?: string | undefined };

/** Where a tile stands; the screen reads it to know when everything is done. */
export type TileStatus = 'needed' | 'working' | 'done' | 'refused';

type State =
  | { kind: 'needed' }
  | { kind: 'stored' }
  | { kind: 'preparing' }
  | { kind: 'uploading'; file: PreparedFile; percent: number }
  | { kind: 'uploaded'; file: PreparedFile }
  | { kind: 'refused'; reason: string; file: PreparedFile | null; code?: string | undefined };

export interface DocumentTileProps {
  doc: TileDocument;
  /** Sends the file; resolves with the server's verdict, or throws (network, session ended). */
  upload: (file: PreparedFile, password: string, onPercent: (percent: number) => void) => Promise<UploadOutcome>;
  onStatus: (docType: string, status: TileStatus) => void;
  /** Said after the formats (e.g. "It must cover the last six months."). */
  hint?: string | undefined;
  /** A message from the screen (nothing chosen on Continue). */
  error?: string | null | undefined;
  /** The "Choose a file" input, for the screen to move the focus to. */
  chooseRef?: Ref<HTMLInputElement>;
  /** Why a document on file can no longer be replaced (its application is with our team, or its loan made). */
  locked?: string | undefined;
}

const STATUS_OF: Record<State['kind'], TileStatus> = {
  needed: 'needed',
  stored: 'done',
  preparing: 'working',
  uploading: 'working',
  uploaded: 'done',
  refused: 'refused',
};

/** A fresh object URL for a picture being shown, revoked when it is no longer. */
function usePreview(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/**
 * One document as a tile (issue 14): its state (needed, uploading with progress, uploaded with a
 * thumbnail or the PDF's name and pages, refused with the reason and Try again), a file chooser
 * and, for documents that may be photos, the camera. Choosing a file sends it at once, on its own.
 */
export function DocumentTile({ doc, upload, onStatus, hint, error, chooseRef, locked }: DocumentTileProps) {
  const id = useId();
  const [state, setState] = useState<State>(doc.stored ? { kind: 'stored' } : { kind: 'needed' });
  const [password, setPassword] = useState('');
  // One upload at a time per tile; other tiles send theirs meanwhile.
  const { running, run } = useCall<'upload'>();
  const takesPhotos = doc.formats.includes('image');
  const shown = state.kind === 'uploaded' || state.kind === 'uploading' ? state.file : null;
  const preview = usePreview(shown?.format === 'image' ? shown.blob : null);

  useEffect(() => {
    onStatus(doc.doc_type, STATUS_OF[state.kind]);
  }, [doc.doc_type, onStatus, state.kind]);

  const send = (file: PreparedFile) =>
    run('upload', async () => {
      setState({ kind: 'uploading', file, percent: 0 });
      try {
        const outcome = await upload(file, password, (percent) =>
          setState((current) => (current.kind === 'uploading' ? { ...current, percent } : current)),
        );
        setState(
          outcome.ok
            ? { kind: 'uploaded', file }
            : { kind: 'refused', reason: outcome.reason, file, code: outcome.code },
        );
      } catch (failure) {
        if (failure instanceof SessionEnded) return;
        setState({ kind: 'refused', reason: UPLOAD_ERROR, file });
      }
    });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const chosen = input.files?.[0];
    // The same file may be chosen again after a refusal: the input is cleared for that.
    input.value = '';
    if (!chosen || running.current) return;
    setState({ kind: 'preparing' });
    let file: PreparedFile;
    try {
      file = await prepareFile(chosen, doc.formats);
    } catch (failure) {
      setState({ kind: 'refused', reason: (failure as Error).message, file: null });
      return;
    }
    await send(file);
  };

  const busy = state.kind === 'preparing' || state.kind === 'uploading';
  const refused = state.kind === 'refused';
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const screenError = !refused && error ? error : null;
  const describedBy = [hintId, refused && statusId, screenError && errorId].filter(Boolean).join(' ');
  const again = state.kind === 'stored' || state.kind === 'uploaded';
  const held = state.kind === 'stored' && locked !== undefined;
  // A real preview or none (issue 25): the picture, or the word PDF; no empty square before a file.
  const picture = preview ?? (state.kind === 'stored' ? doc.stored?.file_url : null) ?? null;
  const pdf = shown?.format === 'pdf' || (state.kind === 'stored' && doc.stored?.file_type === 'pdf');

  return (
    <li
      className={`${styles.tile} ${styles[state.kind] ?? ''} ${picture || pdf ? '' : styles.bare}`}
      aria-labelledby={`${id}-name`}
    >
      {(picture || pdf) && (
        <div className={styles.preview} aria-hidden="true">
          {picture ? (
            <img src={picture} alt="" className={styles.thumbnail} />
          ) : (
            <span className={styles.icon}>PDF</span>
          )}
        </div>
      )}
      <div className={styles.body}>
        <h2 id={`${id}-name`} className={styles.name}>
          {doc.name}
        </h2>
        <p id={hintId} className={styles.hint}>
          {held ? locked : formatsHint(doc.formats)}
          {hint && !held && ` ${hint}`}
        </p>
        {/* Each change of state, a refusal's reason included, is read out once, politely. */}
        <p id={statusId} className={refused ? styles.error : styles.state} role="status">
          <StateText state={state} doc={doc} />
        </p>
        {state.kind === 'uploading' && <ProgressBar label={`Uploading ${doc.name}`} percent={state.percent} />}
        {screenError && (
          <p id={errorId} className={styles.error}>
            {screenError}
          </p>
        )}
        {state.kind === 'refused' && state.file && PASSWORD_CODES.has(state.code ?? '') && (
          <TextField
            label={`Password for ${doc.name}`}
            type="password"
            autoComplete="off"
            value={password}
            onValue={setPassword}
            hint="We use it once to check the file and never keep it."
          />
        )}
        {!held && (
          <div className={styles.actions}>
            {state.kind === 'refused' && state.file && (
              <button
                type="button"
                className="button"
                onClick={() => state.file && void send(state.file)}
                aria-describedby={statusId}
              >
                Try again<span className="visually-hidden"> to upload {doc.name}</span>
              </button>
            )}
            <label className={`button button--ghost ${styles.picker} ${busy ? styles.pickerBusy : ''}`}>
              {again ? 'Replace with a file' : 'Choose a file'}
              <span className="visually-hidden"> for {doc.name}</span>
              <input
                ref={chooseRef}
                type="file"
                className={styles.input}
                accept={acceptOf(doc.formats)}
                onChange={choose}
                disabled={busy}
                aria-invalid={refused || screenError ? true : undefined}
                aria-describedby={describedBy}
              />
            </label>
            {takesPhotos && (
              <label className={`button button--ghost ${styles.picker} ${busy ? styles.pickerBusy : ''}`}>
                {again ? 'Take a new photo' : 'Take a photo'}
                <span className="visually-hidden"> of {doc.name}</span>
                <input
                  type="file"
                  className={styles.input}
                  accept="image/*"
                  capture="environment"
                  onChange={choose}
                  disabled={busy}
                  aria-describedby={describedBy}
                />
              </label>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

function StateText({ state, doc }: { state: State; doc: TileDocument }) {
  switch (state.kind) {
    case 'needed':
      return 'Needed';
    case 'stored':
      // Plain words (issue 25), not the file's type: "a PDF" only where no thumbnail shows the file.
      return `Uploaded: ${doc.stored?.file_type === 'pdf' ? 'a PDF, ' : ''}on file since ${formatDate(doc.stored?.uploaded_at)}`;
    case 'preparing':
      return 'Preparing the file…';
    case 'uploading':
      return `Uploading ${state.file.name}…`;
    case 'uploaded':
      return `Uploaded: ${describeFile(state.file)}`;
    case 'refused':
      return state.reason;
  }
}

/** "bill.pdf, 3 pages, 240 KB" or "photo.jpg, made smaller for sending: 780 KB". */
function describeFile(file: PreparedFile): string {
  const parts = [file.name];
  if (file.pages !== null) parts.push(`${file.pages} ${file.pages === 1 ? 'page' : 'pages'}`);
  parts.push(file.scaledFrom ? `made smaller for sending: ${sizeText(file.blob.size)}` : sizeText(file.blob.size));
  return parts.join(', ');
}
