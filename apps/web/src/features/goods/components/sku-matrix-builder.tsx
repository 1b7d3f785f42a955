// The SKU matrix of new goods with variants (issue 20 must-have 4): the seller lists colours and
// sizes, the code pattern makes each SKU's code, and "Make the SKUs" fills the SKU table in one
// step (codes stay editable there). Rows already in the table for the same colour and size keep
// what was typed in them (price, cost, weight, bar code, an edited code).
import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Typography } from 'antd';
import { AppstoreAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SKU_CODE_PATTERN_DEFAULT, SKU_MATRIX_MAX, buildSkuMatrix, distinctValues } from '@openseller/core';

export interface MatrixSkuRow {
  id?: number;
  code: string;
  color?: string;
  size?: string;
  status?: 'onsale' | 'instock';
  [key: string]: unknown;
}

const SEPARATORS = [',', '，', ';', '；'];
const sameVariant = (row: MatrixSkuRow, color: string | null, size: string | null) =>
  (row.color ?? '').trim().toLowerCase() === (color ?? '').toLowerCase() && (row.size ?? '').trim().toLowerCase() === (size ?? '').toLowerCase();

export function SkuMatrixBuilder({ spuCode, rows, onRows }: { spuCode: string | undefined; rows: MatrixSkuRow[]; onRows: (rows: MatrixSkuRow[]) => void }) {
  const { t } = useTranslation();
  const [colors, setColors] = useState<string[]>([]);
  const [sizes, setSizes] = useState<string[]>([]);
  const [pattern, setPattern] = useState(SKU_CODE_PATTERN_DEFAULT);
  const [problem, setProblem] = useState<string | null>(null);
  const count = Math.max(1, distinctValues(colors).length) * Math.max(1, distinctValues(sizes).length) * (colors.length || sizes.length ? 1 : 0);

  const make = () => {
    setProblem(null);
    if (!spuCode?.trim()) return setProblem(t('goods:matrix.needCode'));
    if (!colors.length && !sizes.length) return setProblem(t('goods:matrix.needValues'));
    if (count > SKU_MATRIX_MAX) return setProblem(t('goods:matrix.tooMany', { count, max: SKU_MATRIX_MAX }));
    const cells = buildSkuMatrix({ spuCode, colors, sizes, pattern });
    onRows(
      cells.map((cell) => {
        const kept = rows.find((r) => sameVariant(r, cell.color, cell.size));
        // A row typed for this colour and size keeps its values; a code typed by hand stays too.
        return kept ? { ...kept, code: kept.code || cell.code, color: cell.color ?? undefined, size: cell.size ?? undefined } : { code: cell.code, color: cell.color ?? undefined, size: cell.size ?? undefined, status: 'onsale' as const };
      }),
    );
  };

  return (
    <Card size="small" title={t('goods:matrix.title')} style={{ marginBottom: 12 }} data-testid="sku-matrix">
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item label={t('goods:matrix.colors')} style={{ marginBottom: 8 }}>
            <Select mode="tags" value={colors} onChange={setColors} tokenSeparators={SEPARATORS} open={false} suffixIcon={null} aria-label={t('goods:matrix.colors')} placeholder={t('goods:matrix.valuesPlaceholder')} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label={t('goods:matrix.sizes')} style={{ marginBottom: 8 }}>
            <Select mode="tags" value={sizes} onChange={setSizes} tokenSeparators={SEPARATORS} open={false} suffixIcon={null} aria-label={t('goods:matrix.sizes')} placeholder={t('goods:matrix.valuesPlaceholder')} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label={t('goods:matrix.pattern')} style={{ marginBottom: 8 }} tooltip={t('goods:matrix.patternHelp')}>
            <Input value={pattern} onChange={(e) => setPattern(e.target.value)} aria-label={t('goods:matrix.pattern')} placeholder={SKU_CODE_PATTERN_DEFAULT} />
          </Form.Item>
        </Col>
      </Row>
      {problem && <Alert type="warning" showIcon message={problem} style={{ marginBottom: 8 }} />}
      <Button icon={<AppstoreAddOutlined />} onClick={make}>
        {count > 0 ? t('goods:matrix.make', { count }) : t('goods:matrix.makeNone')}
      </Button>
      <Typography.Text type="secondary" style={{ marginInlineStart: 12 }}>
        {t('goods:matrix.hint')}
      </Typography.Text>
    </Card>
  );
}
