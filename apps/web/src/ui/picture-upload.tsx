// A picture field: a 38 px thumbnail that previews at most 700×400, an upload dialog that keeps
// the chosen file and uploads on confirm, and a delete that asks first (spec 01 §5, §9).
import { useState } from 'react';
import { Alert, Button, Image, Modal, Popconfirm, Space, Upload } from 'antd';
import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FileCalls, pictureReference } from '@openseller/core';
import { ApiError, callForm, errorMessage } from '../app/request';
import { imageProblem } from './file-rules';

export const THUMBNAIL_SIZE = 38;

export function Thumbnail({ url, alt }: { url: string | null | undefined; alt: string }) {
  if (!url) {
    return (
      <div style={{ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, display: 'grid', placeItems: 'center', background: '#f5f5f5', borderRadius: 4, color: '#bbb' }} aria-label={alt}>
        <PictureOutlined />
      </div>
    );
  }
  return (
    <Image
      src={url}
      alt={alt}
      width={THUMBNAIL_SIZE}
      height={THUMBNAIL_SIZE}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      preview={{ imageRender: (node) => <div style={{ maxWidth: 700, maxHeight: 400, display: 'grid', placeItems: 'center' }}>{node}</div> }}
    />
  );
}

export function PictureUploadModal({ open, onClose, onUploaded, useType = 'SKU' }: { open: boolean; onClose: () => void; onUploaded: (url: string) => void; useType?: string }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setFile(null);
    setProblem(null);
    onClose();
  };
  const confirm = async () => {
    // No file chosen: confirm simply closes.
    if (!file) return close();
    setBusy(true);
    try {
      const form = new FormData();
      form.append('useType', useType);
      form.append('file', file, file.name);
      const key = await callForm(FileCalls.uploadPicture, form, { quiet: true });
      // The answer's data is the picture's key; the prefix makes it the picture reference.
      onUploaded(pictureReference(key));
      close();
    } catch (error) {
      setProblem(error instanceof ApiError ? errorMessage(error) : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('common:files.uploadPicture')} onCancel={close} onOk={() => void confirm()} confirmLoading={busy} okText={t('common:actions.ok')} cancelText={t('common:actions.cancel')} maskClosable={false} destroyOnHidden>
      <Upload
        accept=".jpg,.jpeg,.png,.gif,.bmp,.ico"
        maxCount={1}
        listType="picture"
        fileList={file ? [{ uid: '1', name: file.name, status: 'done', originFileObj: file as never }] : []}
        beforeUpload={(chosen) => {
          const p = imageProblem(chosen, useType === 'SKU');
          setProblem(p);
          setFile(p ? null : chosen);
          return false;
        }}
        onRemove={() => setFile(null)}
      >
        <Button icon={<UploadOutlined />}>{t('common:files.choosePicture')}</Button>
      </Upload>
      <div style={{ marginTop: 8, color: 'rgba(0,0,0,0.45)' }}>{useType === 'SKU' ? t('common:files.pictureTip') : t('common:files.imageTip')}</div>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginTop: 12 }} role="alert" />}
    </Modal>
  );
}

/** A form field holding a picture reference. */
export function PictureField({ value, onChange, deleteConfirm, alt }: { value?: string | null; onChange?: (url: string | null) => void; deleteConfirm: string; alt: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Space>
      <Thumbnail url={value} alt={alt} />
      <Button size="small" icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {value ? t('common:files.replacePicture') : t('common:files.uploadPicture')}
      </Button>
      {value && (
        <Popconfirm title={deleteConfirm} okText={t('common:actions.ok')} cancelText={t('common:actions.cancel')} onConfirm={() => onChange?.(null)}>
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common:actions.delete')} />
        </Popconfirm>
      )}
      <PictureUploadModal open={open} onClose={() => setOpen(false)} onUploaded={(url) => onChange?.(url)} />
    </Space>
  );
}
