import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type * as v from 'valibot';
import { failureMessage } from '../../../lib/api/client.ts';
import { STATUS } from '../../../lib/api/envelope.ts';
import type { SelfieAnswer } from '../../../lib/schemas/answers/profile.ts';
import { SELFIE_REQUIRED } from '../../../lib/schemas/profile.ts';
import { BusyButton } from '../components/BusyButton.tsx';
import { acceptOf, formatsHint, prepareFile } from '../components/documentFiles.ts';
import formStyles from '../components/Form.module.css';
import { HeldStep, KeepButton } from '../components/HeldStep.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { StepScreen } from '../components/StepScreen.tsx';
import { afterStep } from '../navigation/registrationSteps.ts';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { clearAlerts, showAlert } from '../state/alerts.ts';
import { registrationEvent } from '../state/api.ts';
import { onwards, useChange } from '../state/heldSteps.ts';
import { updateSession } from '../state/sessionStore.ts';
import { isUpdate, percentTransport } from '../state/uploads.ts';
import { useProfile } from '../state/useProfile.ts';
import { useRequest } from '../state/useRequest.ts';
import pictureStyles from './UploadPicture.module.css';

const CAMERA_REFUSED =
  'We could not use your camera. Allow camera access in your browser, or choose a picture instead.';
const NO_CAMERA = 'No camera was found. Choose a picture instead.';
const TAKEN = 'Photo taken. Check it below, then Continue to send it.';
const SELFIE_FORMATS = ['image'] as const;

interface Picture {
  /** A data: address, for the preview. */
  src: string;
  base64: string;
  ext: string;
}

/**
 * Where the phone's own camera app is the better camera: a touch screen. There, `capture="user"` opens
 * the front camera at once (issue 25); a desktop browser ignores `capture` and would open a file dialog
 * under a "Take a selfie" label, so it is not offered there.
 */
const onPhone = () => window.matchMedia?.('(pointer: coarse)').matches === true;
const hasLiveCamera = () => Boolean(navigator.mediaDevices?.getUserMedia);

/**
 * The selfie (event selfie_upload), camera first: on a phone the front camera through the file input's
 * `capture`; wherever the browser has a camera, a live preview with an oval to put the face in and Take
 * photo (product.md's webcam capture); and always a plain file chooser. Sent with its upload progress.
 */
export default function UploadPicture({ route, location }: ScreenProps) {
  const id = useId();
  const update = isUpdate(location);
  const firstControl = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const takeButton = useRef<HTMLButtonElement>(null);
  const stream = useRef<MediaStream | null>(null);
  // The dashboard draws only in the browser (client:only), so the device is known at the first drawing.
  const [device] = useState(() => ({ phone: onPhone(), live: hasLiveCamera() }));
  const [picture, setPicture] = useState<Picture | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [camera, setCamera] = useState<'off' | 'starting' | 'on'>('off');
  const [cameraReady, setCameraReady] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  const { busy, run } = useRequest<'upload'>();
  const { profile } = useProfile();
  const form = useRef<HTMLFormElement>(null);
  const { changing, change, keep, returned } = useChange(form);

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
      // Autoplay of a muted camera preview is allowed; a refusal leaves Take photo off.
    });
  }, [camera]);
  // Once the preview shows, the keyboard is on the button that takes the photo.
  useEffect(() => {
    if (cameraReady) takeButton.current?.focus();
  }, [cameraReady]);

  const startCamera = async () => {
    setError(null);
    setNote('');
    if (!navigator.mediaDevices?.getUserMedia) {
      setError(NO_CAMERA);
      return;
    }
    setCamera('starting');
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
      setCamera('on');
      setNote('Camera on. Put your face inside the oval, then Take photo.');
    } catch (failure) {
      setCamera('off');
      setError((failure as Error).name === 'NotFoundError' ? NO_CAMERA : CAMERA_REFUSED);
    }
  };

  /** A snapshot of the camera preview, drawn on a canvas and taken as JPEG (not mirrored, as the camera sees). */
  const takePhoto = () => {
    const element = video.current;
    if (!element?.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')?.drawImage(element, 0, 0, canvas.width, canvas.height);
    const src = canvas.toDataURL('image/jpeg', 0.9);
    setPicture({ src, base64: src.slice(src.indexOf(',') + 1), ext: 'JPEG' });
    setError(null);
    setNote(TAKEN);
    stopCamera();
  };

  /** A photo from the phone's camera or a chosen file: checked, and scaled down as a document's photo is. */
  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    // The same file may be chosen again after a refusal.
    input.value = '';
    if (!file) return;
    if (camera !== 'off') stopCamera();
    try {
      const prepared = await prepareFile(file, SELFIE_FORMATS);
      const type = prepared.ext === 'PNG' ? 'image/png' : 'image/jpeg';
      setPicture({ src: `data:${type};base64,${prepared.base64}`, base64: prepared.base64, ext: prepared.ext });
      setError(null);
      setNote('Picture chosen. Check it below, then Continue to send it.');
    } catch (failure) {
      setPicture(null);
      setNote('');
      setError((failure as Error).message);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!picture) {
      setError(SELFIE_REQUIRED);
      firstControl.current?.focus();
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
  const hintId = `${id}-hint`;
  const describedBy = `${hintId}${error ? ` ${errorId}` : ''}`;
  const invalid = error ? true : undefined;
  const disabled = busy !== null;
  const cameraOn = camera !== 'off';
  const title = update ? 'Update Picture' : route.title;
  const anotherWay = device.phone || device.live;
  const back = update
    ? { to: screenPath('profile-preview'), label: 'Back to your profile' }
    : { to: screenPath(''), label: 'Back to your profile steps' };
  // A picture on file (issue 25): shown, with Change (the server takes a new one at any time). The update
  // action asks for a new picture, so it opens the form at once.
  const onFile = profile?.profile_pic;
  if (onFile && !update && !changing && !picture) {
    return (
      <StepScreen back={back} title={title}>
        <HeldStep
          heading="Your picture is on file"
          onChange={change}
          changeLabel="Change picture"
          next={onwards(profile, route.slug)}
          focus={returned}
        >
          <img className={pictureStyles.held} src={onFile} alt="Your face, as we hold it" />
        </HeldStep>
      </StepScreen>
    );
  }
  return (
    <StepScreen
      back={back}
      title={title}
      intro="A clear, recent photo of your face, looking at the camera, without sunglasses or a cap."
      onSubmit={submit}
      formRef={form}
    >
      <p id={hintId} className={formStyles.hint}>
        Face the light, hold the phone at eye level and fill the oval with your face. {formatsHint(SELFIE_FORMATS)}
      </p>

      {cameraOn && (
        <div className={pictureStyles.frame}>
          <video
            ref={video}
            className={pictureStyles.video}
            autoPlay
            muted
            playsInline
            aria-label="Camera preview"
            onLoadedData={() => setCameraReady(true)}
          />
          <div className={pictureStyles.oval} aria-hidden="true" />
        </div>
      )}

      <div className={pictureStyles.controls}>
        {cameraOn ? (
          <>
            <button ref={takeButton} type="button" className="button" onClick={takePhoto} disabled={!cameraReady}>
              Take photo
            </button>
            <button type="button" className="button button--ghost" onClick={stopCamera}>
              Close camera
            </button>
          </>
        ) : (
          <>
            {device.phone && (
              <label className={`button ${pictureStyles.picker} ${disabled ? pictureStyles.pickerBusy : ''}`}>
                {picture ? 'Take another selfie' : 'Take a selfie'}
                <input
                  ref={firstControl}
                  type="file"
                  className={pictureStyles.input}
                  accept="image/*"
                  capture="user"
                  onChange={chooseFile}
                  disabled={disabled}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                />
              </label>
            )}
            {device.live && (
              <button
                type="button"
                className={device.phone ? 'button button--ghost' : 'button'}
                onClick={startCamera}
                disabled={disabled}
                aria-describedby={describedBy}
              >
                {device.phone ? 'Use the camera with a face guide' : 'Take a photo with your camera'}
              </button>
            )}
          </>
        )}
      </div>

      <label className={`${pictureStyles.plain} ${disabled ? pictureStyles.pickerBusy : ''}`}>
        {anotherWay ? 'Choose a picture instead' : 'Choose a picture'}
        <input
          ref={device.phone ? undefined : firstControl}
          type="file"
          className={pictureStyles.input}
          accept={acceptOf(SELFIE_FORMATS)}
          onChange={chooseFile}
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
      </label>

      <p className="visually-hidden" role="status">
        {note}
      </p>
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
        {changing && <KeepButton onKeep={keep} label="Keep my picture" />}
      </div>
    </StepScreen>
  );
}
