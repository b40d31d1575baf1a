import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the SMS usage chart draws; imported lazily by UsageChart.tsx.
use([BarChart, PieChart, GridComponent, TooltipComponent, CanvasRenderer]);

export { init };
