import { Spin } from 'antd';

export function PageFallback() {
  return (
    <div style={{ padding: 80, textAlign: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
