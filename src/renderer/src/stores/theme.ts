/** Light/dark theme: follows the OS unless the user picked one; sets data-theme on <html>. */
import { useEffect, useState } from 'react';
import { useAppStore } from './app-store';

export type ResolvedTheme = 'light' | 'dark';

function systemTheme(): ResolvedTheme {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The theme in force; re-renders when the OS or the preference changes. */
export function useResolvedTheme(): ResolvedTheme {
  const preference = useAppStore((s) => s.theme);
  const [system, setSystem] = useState<ResolvedTheme>(systemTheme);
  useEffect(() => {
    const mq = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => setSystem(systemTheme());
    mq.addEventListener('change', onChange);
    onChange(); // a change before the listener was attached is not missed
    return () => mq.removeEventListener('change', onChange);
  }, []);
  const resolved = preference === 'system' ? system : preference;
  useEffect(() => {
    document.documentElement.dataset.theme = resolved;
  }, [resolved]);
  return resolved;
}
