import { useEffect, useRef } from 'react';
import styles from './crash.module.css';

/** The running round's curve on a canvas (colours from the theme's custom properties). */
export function CrashChart({ points, crashed }: { points: [number, number][]; crashed: boolean }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext?.('2d');
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth || 300;
    const height = canvas.clientHeight || 160;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    if (points.length < 2) return;
    const style = getComputedStyle(canvas);
    const maxTime = Math.max(5000, points[points.length - 1][0]);
    const maxMultiplier = Math.max(2, ...points.map(([, multiplier]) => multiplier));
    const x = (time: number) => 8 + (time / maxTime) * (width - 16);
    const y = (multiplier: number) => height - 8 - ((multiplier - 1) / (maxMultiplier - 1)) * (height - 16);
    context.lineWidth = 3;
    context.strokeStyle = style.getPropertyValue(crashed ? '--jl-crash-bust' : '--jl-crash-line').trim() || 'currentColor';
    context.beginPath();
    points.forEach(([time, multiplier], index) => (index === 0 ? context.moveTo(x(time), y(multiplier)) : context.lineTo(x(time), y(multiplier))));
    context.stroke();
  }, [points, crashed]);
  return <canvas ref={canvasRef} className={styles.chart} aria-hidden="true" />;
}
