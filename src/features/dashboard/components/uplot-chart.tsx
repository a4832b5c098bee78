// uPlot in React: the plot is made in an effect (options and data come from one spec and change
// together: a new period makes a new plot), follows its container's width (ResizeObserver) and is destroyed on unmount. Only the
// dashboard's lazy charts chunk imports this file, so uPlot and its CSS load on that route alone.
// Where the browser has no 2D canvas the plot is left out; the chart's table still has the figures.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import styled from 'styled-components';
import type { ChartOptions } from '../chart-options';

// min-width 0: a grid or flex parent may shrink it below the canvas's last width, and the observer
// then draws the plot at the new width.
const Frame = styled.div`
  min-width: 0;
  width: 100%;
  overflow: hidden;

  .u-legend {
    font-size: ${({ theme }) => theme.font.size.sm};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const MIN_WIDTH = 240;

const canDraw = () => typeof document !== 'undefined' && document.createElement('canvas').getContext('2d') !== null;

type Props = {
  options: ChartOptions;
  data: uPlot.AlignedData;
  /** The plot's height in CSS pixels (the legend below it adds its own). */
  height: number;
  /** What the chart shows, for screen readers (the figures themselves are in its table). */
  label: string;
};

export function UplotChart({ options, data, height, label }: Props) {
  const frameRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || !canDraw()) return;
    const widthOf = () => Math.max(MIN_WIDTH, Math.floor(frame.clientWidth));
    const plot = new uPlot({ ...options, width: widthOf(), height }, data, frame);
    const observer = new ResizeObserver(() => {
      const width = widthOf();
      if (width !== plot.width) plot.setSize({ width, height });
    });
    observer.observe(frame);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [options, data, height]);

  return <Frame ref={frameRef} role="img" aria-label={label} data-chart="uplot" />;
}
