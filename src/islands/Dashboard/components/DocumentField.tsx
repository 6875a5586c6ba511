import { type ChangeEvent, type ReactNode, type Ref, useId } from 'react';
import { ACCEPT, type ChosenFile, type FileFormat, FORMAT_HINT, formatProblem, readChosenFile } from '../uploads.ts';
import { TextField } from './Fields.tsx';
import styles from './Form.module.css';
import { ProgressBar } from './ProgressBar.tsx';

export interface DocumentFieldProps {
  /** The document's name: the file input's label. */
  label: string;
  format: FileFormat;
  /** A file read and of the right format, or null with the reason it was not taken. */
  onFile: (file: ChosenFile | null, problem: string | null) => void;
  error?: string | undefined;
  /** Said after the format's own hint (e.g. "Of the last six months."). */
  hint?: ReactNode;
  /** The upload's progress while it runs. */
  percent: number | null;
  /** A PDF's password (encrypted PDFs); the field shows for PDFs only. */
  password: string;
  onPassword: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
}

/**
 * One document to upload: the file input filtered by its format, the format checked from the name
 * (the server checks the bytes), a password field for a protected PDF, and the upload's progress.
 */
export function DocumentField({
  label,
  format,
  onFile,
  error,
  hint,
  percent,
  password,
  onPassword,
  inputRef,
  disabled = false,
}: DocumentFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return onFile(null, null);
    const problem = formatProblem(file, format);
    if (problem) return onFile(null, problem);
    readChosenFile(file).then(
      (chosen) => onFile(chosen, null),
      (failure: Error) => onFile(null, failure.message),
    );
  };

  return (
    <>
      <div className={styles.field}>
        <label htmlFor={id}>{label}</label>
        <input
          ref={inputRef}
          id={id}
          className={styles.file}
          type="file"
          accept={ACCEPT[format]}
          onChange={choose}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
        />
        <p id={hintId} className={styles.hint}>
          {FORMAT_HINT[format]}
          {hint && <> {hint}</>}
        </p>
        {error && (
          <p id={errorId} className={styles.error}>
            {error}
          </p>
        )}
        {percent !== null && <ProgressBar label={`Uploading ${label}`} percent={percent} />}
      </div>
      {format === 'pdf' && (
        <TextField
          label={`Password for ${label}, if the PDF has one`}
          type="password"
          autoComplete="off"
          value={password}
          onValue={onPassword}
          disabled={disabled}
          hint="Only for a PDF protected by a password; leave it empty otherwise."
        />
      )}
    </>
  );
}
