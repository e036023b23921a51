import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Modal from '@arco-design/web-react/es/Modal';
import { IconUpload } from '@arco-design/web-react/icon';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@campus/contract';
import { useEffect, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { ApiError } from '../../lib/request';
import { uploadAvatar } from './user-center-api';

/** What the browser sends: the chosen square, drawn at this size (the server redraws it at 256 anyway). */
const OUTPUT_SIDE = 512;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('unreadable image'));
    img.src = src;
  });
}

/** The cropped square as a PNG blob. */
async function drawCrop(src: string, area: Area): Promise<Blob> {
  const img = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = OUTPUT_SIDE;
  canvas.height = OUTPUT_SIDE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, OUTPUT_SIDE, OUTPUT_SIDE);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no blob'))), 'image/png'));
}

interface AvatarDialogProps {
  isOpen: boolean;
  name: string;
  onClose: () => void;
}

/** Choose a picture, crop a square with drag and zoom, see it as the navbar will, upload it. */
export function AvatarDialog({ isOpen, name, onClose }: AvatarDialogProps) {
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [isSaving, setSaving] = useState(false);

  // Object URLs hold the file in memory until revoked.
  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  useEffect(() => {
    if (!source || !area) return;
    let isCurrent = true;
    const timer = setTimeout(() => {
      drawCrop(source, area)
        .then((blob) => {
          if (isCurrent) setPreview(URL.createObjectURL(blob));
        })
        .catch(() => undefined);
    }, 120);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [source, area]);

  function reset() {
    setSource(null);
    setPreview(null);
    setArea(null);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    setError('');
  }

  function pick(file: File | undefined) {
    setError('');
    if (!file) return;
    // The server checks both again, by the bytes; this only saves a pointless upload.
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return setError(t('uc.avatar.wrongType'));
    if (file.size > AVATAR_MAX_BYTES) return setError(t('uc.avatar.tooLarge'));
    setPreview(null);
    // Decoded before it is shown: a text file named .png left a blank crop area and a disabled save, with no word.
    createImageBitmap(file)
      .then((bitmap) => {
        bitmap.close();
        setSource(URL.createObjectURL(file));
      })
      .catch(() => {
        setSource(null);
        setError(t('uc.avatar.unreadable'));
      });
  }

  async function save() {
    if (!source || !area) return;
    setSaving(true);
    setError('');
    try {
      await uploadAvatar(await drawCrop(source, area), 'avatar.png');
      showSuccess(t('uc.avatar.saved'));
      reset();
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('uc.avatar.unreadable'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={t('uc.avatar.title')}
      visible={isOpen}
      onCancel={() => {
        reset();
        onClose();
      }}
      onOk={() => void save()}
      okText={t('uc.avatar.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !area || !source }}
      confirmLoading={isSaving}
      unmountOnExit
      className="uc-avatar-modal"
    >
      <p className="uc-hint">{t('uc.avatar.hint')}</p>
      <input
        ref={inputRef}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        className="uc-file-input"
        aria-label={t('uc.avatar.pick')}
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Button icon={<IconUpload />} onClick={() => inputRef.current?.click()}>
        {t('uc.avatar.pick')}
      </Button>
      {error && <Alert type="error" className="uc-alert" content={error} />}
      {source && (
        <div className="uc-crop-row">
          <div className="uc-crop-area">
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape="round"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              onMediaLoaded={() => setError('')}
            />
          </div>
          <div className="uc-crop-side">
            <span className="uc-preview-label">{t('uc.avatar.preview')}</span>
            {preview && <img className="uc-preview" src={preview} alt={t('uc.avatar.alt', { name })} width={96} height={96} />}
            {preview && <img className="uc-preview is-small" src={preview} alt="" width={32} height={32} />}
          </div>
        </div>
      )}
      {source && (
        <label className="uc-zoom">
          <span>{t('uc.avatar.zoom')}</span>
          <input type="range" min={1} max={4} step={0.05} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} />
        </label>
      )}
    </Modal>
  );
}
