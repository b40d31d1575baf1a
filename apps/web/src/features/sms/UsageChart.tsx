import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type Chart = { setOption: (o: unknown, notMerge?: boolean) => void; resize: () => void; dispose: () => void };

/** SMS used vs. the company limit as a ring (ECharts, loaded on first use). */
export function UsageChart({ count, limit }: { count: number; limit: number }) {
  const { t } = useTranslation();
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const left = Math.max(0, limit - count);
  const option = {
    tooltip: { trigger: 'item' },
    title: undefined,
    series: [
      {
        type: 'pie',
        radius: ['55%', '78%'],
        avoidLabelOverlap: true,
        label: { show: true, position: 'center', formatter: () => `${count} / ${limit}`, fontSize: 18, fontWeight: 600 },
        data: [
          { name: t('sms.usage.used'), value: count, itemStyle: { color: count >= limit ? '#e5484d' : '#1f5fbf' } },
          { name: t('sms.usage.left'), value: left, itemStyle: { color: '#e6ebf2' } },
        ],
      },
    ],
  };
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    let disposed = false;
    let ro: ResizeObserver | null = null;
    void import('./echarts-setup.ts').then((ec) => {
      if (disposed || !el.current) return;
      const c = ec.init(el.current) as unknown as Chart;
      chart.current = c;
      c.setOption(latest.current, true);
      ro = new ResizeObserver(() => c.resize());
      ro.observe(el.current);
    });
    return () => {
      disposed = true;
      ro?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(latest.current, true);
  });

  return <div ref={el} style={{ width: '100%', height: 200 }} data-testid="sms-usage-chart" />;
}
