import { ArrowDownOutlined, ArrowUpOutlined, PauseOutlined } from '@ant-design/icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiftStatus } from './api.ts';
import styles from './monitor.module.css';

type Props = {
  floors: { floor: number; label: string }[];
  status: LiftStatus | null;
  online: boolean;
  faulty: boolean;
  /** row height in px */
  row?: number;
  /** the shaft scrolls past this height, keeping the car in view */
  maxHeight?: number;
};

/** A drawn lift shaft: floors top to bottom, the car at the reported floor, its doors and direction. */
export function LiftShaft({ floors, status, online, faulty, row = 34, maxHeight = 560 }: Props) {
  const { t } = useTranslation();
  const index = status ? floors.findIndex((f) => f.floor === status.floor) : -1;
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = scroller.current;
    if (!el || index < 0) return;
    const top = index * row;
    if (top < el.scrollTop || top + row > el.scrollTop + el.clientHeight)
      el.scrollTo({ top: Math.max(0, top - el.clientHeight / 2), behavior: 'smooth' });
  }, [index, row]);
  const doorOpen = status?.door === 'open' || status?.door === 'opening';
  const carClass = [styles.car, !online && styles.carOffline, faulty && styles.carFault].filter(Boolean).join(' ');
  return (
    <div className={styles.shaftWrap} data-testid="lift-shaft">
      <div ref={scroller} className={styles.shaftScroll} style={{ maxHeight }}>
        <div className={styles.shaft} style={{ height: floors.length * row }}>
          {floors.map((f, i) => (
            <div
              key={f.floor}
              className={`${styles.floorRow} ${i === index ? styles.floorCurrent : ''}`}
              style={{ top: i * row, height: row }}
            >
              <span className={styles.floorLabel}>{f.label}</span>
            </div>
          ))}
          {index >= 0 && (
            <div
              className={carClass}
              style={{ transform: `translateY(${index * row}px)`, height: row - 4 }}
              data-testid="lift-car"
              data-floor={status?.floor}
              data-door={status?.door}
              role="img"
              aria-label={t('monitor.shaft.car', { floor: status?.floor_display ?? '' })}
            >
              <span className={`${styles.door} ${styles.doorLeft} ${doorOpen ? styles.doorOpen : ''}`} />
              <span className={`${styles.door} ${styles.doorRight} ${doorOpen ? styles.doorOpen : ''}`} />
            </div>
          )}
        </div>
      </div>
      <div className={styles.display} aria-live="polite">
        <span className={styles.displayArrow}>
          {status?.direction === 'up' ? <ArrowUpOutlined /> : status?.direction === 'down' ? <ArrowDownOutlined /> : <PauseOutlined />}
        </span>
        <span className={styles.displayFloor} data-testid="floor-display">
          {status ? status.floor_display : '--'}
        </span>
      </div>
    </div>
  );
}
