/** Local text state that follows an outside value and reports edits after a pause. */
import { useEffect, useRef, useState } from 'react';

export function useDebouncedText(value: string, onCommit: (text: string) => void, delay = 250): [string, (text: string) => void, () => void] {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commitRef = useRef(onCommit);
  commitRef.current = onCommit;
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) setText(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (t: string) => {
    setText(t);
    pending.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      pending.current = false;
      commitRef.current(t);
    }, delay);
  };
  const flush = () => {
    if (!pending.current) return;
    clearTimeout(timer.current);
    pending.current = false;
    commitRef.current(text);
  };
  return [text, change, flush];
}
