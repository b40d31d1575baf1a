import type { TIndexTree } from '@liftguard/contract/dashboard/index-tree';

type T = (key: string) => string;

export function faultMonthOption(tree: TIndexTree, t: T): Record<string, unknown> {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 36, right: 16, top: 24, bottom: 28 },
    xAxis: { type: 'category', data: tree.faultMonthData.map((m) => m.month) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: t('dashboard.chart.faults'),
        type: 'bar',
        data: tree.faultMonthData.map((m) => m.count),
        itemStyle: { color: '#e5484d' },
        barMaxWidth: 24,
      },
      {
        name: t('dashboard.chart.faults'),
        type: 'line',
        data: tree.faultMonthData.map((m) => m.count),
        smooth: true,
        itemStyle: { color: '#1f5fbf' },
      },
    ],
  };
}

export function onlineOption(tree: TIndexTree, t: T): Record<string, unknown> {
  return {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['45%', '70%'],
        center: ['50%', '45%'],
        label: { formatter: '{c}' },
        data: [
          { name: t('dashboard.online'), value: tree.onlineCount, itemStyle: { color: '#2e9e5b' } },
          { name: t('dashboard.offline'), value: tree.offlineCount, itemStyle: { color: '#98a2b3' } },
        ],
      },
    ],
  };
}
