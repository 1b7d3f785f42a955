// One ECharts chart (the same tree-shaken ECharts the after-sales return-rate report uses): the
// option is drawn again only when it changes; the box is an image with a label for screen readers.
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export function EChart({ option, label, height = 300 }: { option: Record<string, unknown>; label: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const shown = JSON.stringify(option);
  useEffect(() => {
    if (!box.current) return;
    const chart = echarts.init(box.current);
    chart.setOption({ animation: false, ...(JSON.parse(shown) as Record<string, unknown>) });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [shown]);
  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}

/** Yuan texts as numbers for a chart axis (display only; the tables show the exact texts). */
export const chartNumber = (text: string | undefined) => (text ? Number(text) : 0);
