import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type * as v from 'valibot';
import { failureMessage } from '../../../lib/api/client.ts';
import { STATUS } from '../../../lib/api/envelope.ts';
import type { SelfieAnswer } from '../../../lib/schemas/answers/profile.ts';
import { SELFIE_REQUIRED } from '../../../lib/schemas/profile.ts';
import { BusyButton } from '../components/BusyButton.tsx';
import formStyles from '../components/Form.module.css';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { StepScreen } from '../components/StepScreen.tsx';
import { afterStep } from '../navigation/registrationSteps.ts';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { clearAlerts, showAlert } from '../state/alerts.ts';
import { registrationEvent } from '../state/api.ts';
import { updateSession } from '../state/sessionStore.ts';
import {
  ACCEPT,
  type ChosenFile,
  FORMAT_HINT,
  formatProblem,
  isUpdate,
  percentTransport,
  readChosenFile,
} from '../state/uploads.ts';
import { useRequest } from '../state/useRequest.ts';
import pictureStyles from './UploadPicture.module.css';

const CAMERA_REFUSED = 'We could not use your camera. Allow camera access in your browser, or choose a file instead.';
const NO_CAMERA = 'No camera was found. Choose a file instead.';

type Picture = Pick<ChosenFile, 'src' | 'base64' | 'ext'>;

/** The selfie (event selfie_upload): from a file or the camera, sent with its upload progress. */
export default function UploadPicture({ route, location }: ScreenProps) {
  const id = useId();
  const update = isUpdate(location);
  const fileInput = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [picture, setPicture] = useState<Picture | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [camera, setCamera] = useState<'off' | 'starting' | 'on'>('off');
  const [cameraReady, setCameraReady] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  const { busy, run } = useRequest<'upload'>();

  const stopCamera = () => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setCamera('off');
    setCameraReady(false);
  };
  // Leaving the screen turns the camera off.
  useEffect(
    () => () => {
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    },
    [],
  );
  useEffect(() => {
    const element = video.current;
    if (camera !== 'on' || !element || !stream.current) return;
    element.srcObject = stream.current;
    element.play().catch(() => {
      // Autoplay of a muted camera preview is allowed; a refusal leaves the Take picture button off.
    });
  }, [camera]);

  const startCamera = async () => {
    setError(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setError(NO_CAMERA);
      return;
    }
    setCamera('starting');
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
      setCamera('on');
    } catch (failure) {
      setCamera('off');
      setError((failure as Error).name === 'NotFoundError' ? NO_CAMERA : CAMERA_REFUSED);
    }
  };

  /** A snapshot of the camera preview, drawn on a canvas and taken as JPEG. */
  const takePicture = () => {
    const element = video.current;
    if (!element?.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')?.drawImage(element, 0, 0, canvas.width, canvas.height);
    const src = canvas.toDataURL('image/jpeg', 0.9);
    setPicture({ src, base64: src.slice(src.indexOf(',') + 1), ext: 'JPEG' });
    setError(null);
    stopCamera();
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const problem = formatProblem(file, 'image');
    if (problem) {
      setPicture(null);
      setError(problem);
      return;
    }
    readChosenFile(file).then(
      (chosen) => {
        setPicture(chosen);
        setError(null);
      },
      (failure: Error) => setError(failure.message),
    );
    if (camera !== 'off') stopCamera();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!picture) {
      setError(SELFIE_REQUIRED);
      fileInput.current?.focus();
      return;
    }
    clearAlerts();
    setSent(0);
    await run('upload', async () => {
      try {
        const envelope = await registrationEvent<v.InferOutput<typeof SelfieAnswer>>(
          'selfie_upload',
          { file: picture.base64, file_ext: picture.ext },
          { transport: percentTransport(setSent) },
        );
        if (envelope.Status !== STATUS.ok) {
          showAlert({ type: 'error', msg: failureMessage(envelope) });
          return;
        }
        updateSession({ selfie: envelope.Data.selfie_doc_url });
        afterStep(envelope.Data, envelope.Message, update ? screenPath('profile-preview') : undefined);
      } finally {
        setSent(null);
      }
    });
  };

  const errorId = `${id}-error`;
  const title = update ? 'Update Picture' : route.title;
  return (
    <StepScreen
      back={
        update
          ? { to: screenPath('profile-preview'), label: 'Back to your profile' }
          : { to: screenPath(''), label: 'Back to your profile steps' }
      }
      title={title}
      intro="A clear, recent photo of your face, looking at the camera, without sunglasses or a cap. Choose a picture or take one with your camera."
      onSubmit={submit}
    >
      <div className={formStyles.field}>
        <label htmlFor={`${id}-file`}>Choose a picture</label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          className={formStyles.file}
          type="file"
          accept={ACCEPT.image}
          onChange={chooseFile}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-file-hint${error ? ` ${errorId}` : ''}`}
        />
        <p id={`${id}-file-hint`} className={formStyles.hint}>
          {FORMAT_HINT.image}
        </p>
      </div>

      <div className={pictureStyles.camera}>
        {camera === 'off' ? (
          <button type="button" className="button button--ghost" onClick={startCamera} disabled={busy !== null}>
            Use camera
          </button>
        ) : (
          <>
            <video
              ref={video}
              className={pictureStyles.video}
              autoPlay
              muted
              playsInline
              aria-label="Camera preview"
              onLoadedData={() => setCameraReady(true)}
            />
            <div className={formStyles.actions}>
              <button type="button" className="button" onClick={takePicture} disabled={!cameraReady}>
                Take picture
              </button>
              <button type="button" className="button button--ghost" onClick={stopCamera}>
                Close camera
              </button>
            </div>
          </>
        )}
      </div>

      {picture && (
        <figure className={pictureStyles.preview}>
          <img src={picture.src} alt="Your selfie, as it will be sent" />
          <figcaption>This picture will be sent.</figcaption>
        </figure>
      )}
      {error && (
        <p id={errorId} className={formStyles.error}>
          {error}
        </p>
      )}
      {sent !== null && <ProgressBar label="Uploading" percent={sent} />}
      <div className={formStyles.actions}>
        <BusyButton busy={busy === 'upload'} busyText={`Uploading… ${sent ?? 0}%`}>
          {update ? 'Update' : 'Continue'}
        </BusyButton>
      </div>
    </StepScreen>
  );
}
