import { useEffect, useState } from 'react';

/**
 * The client-side progress of a file being made (spec 01 §4.5): starts at 10 %, rises every
 * 200 ms by a random step of 0 to 4, by 1 per tick above 90 %, and stops at 99 % until done.
 */
export function nextSimulatedProgress(current: number, random: number = Math.random()): number {
  if (current >= 99) return 99;
  const step = current > 90 ? 1 : Math.floor(random * 5);
  return Math.min(99, current + step);
}

export function useSimulatedProgress(running: boolean): number {
  const [value, setValue] = useState(10);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setValue((v) => nextSimulatedProgress(v)), 200);
    return () => clearInterval(timer);
  }, [running]);
  return running ? value : 100;
}
