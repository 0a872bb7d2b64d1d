// A line chart of figures over days, drawn by ECharts (its core and the parts used only, on a
// canvas: nothing the page's Content-Security-Policy would refuse).
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import styles from './dashboard.module.css';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface TrendChartProps {
  days: string[];
  series: { name: string; values: number[] }[];
  label: string;
}

export default function TrendChart({ days, series, label }: TrendChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!element.current) return undefined;
    const instance = echarts.init(element.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(
      {
        animation: false,
        grid: { left: 48, right: 16, top: 36, bottom: 28 },
        legend: { top: 0 },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: days },
        yAxis: { type: 'value' },
        series: series.map((line) => ({ name: line.name, type: 'line', data: line.values, showSymbol: days.length <= 31 })),
      },
      { notMerge: true },
    );
  }, [days, series]);

  return <div ref={element} role="img" aria-label={label} className={styles.chart} />;
}
