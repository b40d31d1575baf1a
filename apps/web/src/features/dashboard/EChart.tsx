import { useEffect, useRef } from 'react';

/** ECharts with only what the dashboard draws, loaded on first use (not in the login route). */
const loadECharts = () => import('./echarts-setup.ts');

type Chart = { setOption: (o: unknown, notMerge?: boolean) => void; resize: () => void; dispose: () => void };

/** A chart box; `option` is an ECharts option object. */
export function EChart({ option, height = 260, testId }: { option: Record<string, unknown>; height?: number; testId?: string }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    let disposed = false;
    let ro: ResizeObserver | null = null;
    void loadECharts().then((ec) => {
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
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={el} style={{ width: '100%', height }} data-testid={testId} />;
}
