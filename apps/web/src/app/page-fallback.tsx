// The page-loading spinner, drawn in CSS (antd's Spin is not part of the sign-in page's first load).
export function PageFallback() {
  return (
    <div style={{ padding: 80, textAlign: 'center' }}>
      <span className="os-spinner" role="status" aria-busy="true" />
    </div>
  );
}
