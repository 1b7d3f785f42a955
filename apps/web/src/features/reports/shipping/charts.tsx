// The shipping tabs' ECharts: bars (stacked per series when several) and a pie. Drawn again only
// when what they show changes; sized to their box, redrawn on window resize.
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

function useChart(option: Record<string, unknown>, label: string, height: number) {
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

/** Bars per category; several series stack (parcels per day per courier). */
export function StackedBars({ categories, series, label, height = 300 }: { categories: string[]; series: { name: string; values: number[] }[]; label: string; height?: number }) {
  return useChart(
    {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 24, right: 16, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: categories, axisLabel: { rotate: categories.length > 12 ? 40 : 0 } },
      yAxis: { type: 'value', minInterval: 1 },
      series: series.map((s) => ({ type: 'bar', name: s.name, data: s.values, stack: series.length > 1 ? 'all' : undefined, barMaxWidth: 36 })),
    },
    label,
    height,
  );
}

/** Shares of a whole (courier share of parcels). */
export function SharePie({ items, label, height = 300 }: { items: { name: string; value: number }[]; label: string; height?: number }) {
  return useChart(
    {
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { type: 'scroll', bottom: 0 },
      series: [{ type: 'pie', name: label, radius: ['35%', '65%'], center: ['50%', '45%'], data: items, label: { formatter: '{b}\n{d}%' } }],
    },
    label,
    height,
  );
}
