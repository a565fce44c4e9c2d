// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rangeError } from './range-input';
import { VintageRange, vintageBoundError } from './vintage-range';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('vintage bounds', () => {
  it('take four-digit years only, and name what is wrong', () => {
    const check = (lo: string, hi: string) => rangeError(lo, hi, true, vintageBoundError, 'after');
    expect(check('2015', '2018')).toBeNull();
    expect(check('', '2018')).toBeNull();
    expect(check(' 2015 ', '')).toBeNull();
    expect(check('2015', '2015')).toBeNull();
    expect(check('abc', '')).toBe('"abc" is not a number');
    expect(check('2015.5', '')).toBe('"2015.5" is not a whole number');
    expect(check('', '99999999999999999999')).toBe('"99999999999999999999" is too large');
    expect(check('20155', '')).toBe('"20155" is not a vintage year (e.g. 2015)');
    expect(check('15', '')).toBe('"15" is not a vintage year (e.g. 2015)');
    expect(check('-2015', '')).toMatch(/not a vintage year/);
    expect(check('2019', '2015')).toBe('after');
  });
});

describe('VintageRange', () => {
  let root: Root;
  let host: HTMLElement;
  beforeEach(() => {
    vi.useFakeTimers();
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    host.remove();
    vi.useRealTimers();
  });

  const box = (name: 'minimum' | 'maximum') => host.querySelector<HTMLInputElement>(`input[aria-label="Vintage range ${name}"]`)!;
  const type = async (name: 'minimum' | 'maximum', text: string) => {
    await act(async () => {
      const input = box(name);
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => vi.advanceTimersByTime(500));
  };
  const alert = () => host.querySelector('[role=alert]')?.textContent ?? null;

  it('applies both bounds at once; holds back a bad bound with a message, and applies it once the range is valid', async () => {
    const onChange = vi.fn();
    await act(async () => root.render(<VintageRange from={undefined} to={2015} onChange={onChange} />));
    expect(box('maximum').value).toBe('2015');

    await type('minimum', '2019');
    expect(alert()).toBe('The first vintage is after the last');
    expect(onChange).not.toHaveBeenCalled();

    await type('maximum', '2020');
    expect(alert()).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith(2019, 2020);

    await type('maximum', 'soon');
    expect(alert()).toBe('"soon" is not a number');
    expect(onChange).toHaveBeenCalledTimes(1);

    await type('maximum', '');
    expect(onChange).toHaveBeenLastCalledWith(2019, undefined);
    await type('minimum', '201');
    expect(alert()).toMatch(/not a vintage year/);
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
