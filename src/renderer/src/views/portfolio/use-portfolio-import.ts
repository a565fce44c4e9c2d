/**
 * Importing a holdings file: read as base64, sent to `portfolios.import`; when columns are missing,
 * the file waits for the mapping dialog's answer and is sent again with it.
 */
import { useCallback, useState } from 'react';
import type { HoldingField, PortfolioSummary } from '../../../../shared/contract';
import { carbon } from '../../data';
import { explainError } from '../../components/states';
import { defaultPortfolioName, readFileBase64, refuseFile } from './read-file';

/** A file whose headers did not give every column needed: what the mapping dialog asks about. */
export interface PendingMapping {
  name: string;
  file_name: string;
  content_base64: string;
  headers: string[];
  missing: HoldingField[];
}

export interface PortfolioImportState {
  busy: boolean;
  /** One sentence: why the last file was not imported. */
  error: string | null;
  pending: PendingMapping | null;
  /** The name typed for the next import (empty: the file's name). */
  name: string;
  setName(name: string): void;
  importFile(file: File): Promise<void>;
  submitMapping(mapping: Partial<Record<HoldingField, string>>): Promise<void>;
  cancelMapping(): void;
}

export function usePortfolioImport(onImported: (portfolio: PortfolioSummary) => void): PortfolioImportState {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingMapping | null>(null);
  const [name, setName] = useState('');

  const send = useCallback(
    async (req: Omit<PendingMapping, 'headers' | 'missing'>, mapping?: Partial<Record<HoldingField, string>>) => {
      setBusy(true);
      setError(null);
      try {
        const answer = await carbon.portfolios.import({ ...req, mapping });
        if (answer.portfolio) {
          setPending(null);
          setName('');
          onImported(answer.portfolio);
        } else if (answer.headers.length === 0) {
          setPending(null);
          setError(`${req.file_name} is not a table: no header row was found.`);
        } else {
          setPending({ ...req, headers: answer.headers, missing: answer.missing });
        }
      } catch (err) {
        setPending(null);
        setError(explainError(err).title);
      } finally {
        setBusy(false);
      }
    },
    [onImported],
  );

  const importFile = useCallback(
    async (file: File) => {
      const refusal = refuseFile(file);
      if (refusal) {
        setError(refusal);
        return;
      }
      let content_base64: string;
      try {
        content_base64 = await readFileBase64(file);
      } catch (err) {
        setError(`${file.name} could not be read: ${explainError(err).title}`);
        return;
      }
      await send({ name: name.trim() || defaultPortfolioName(file.name), file_name: file.name, content_base64 });
    },
    [name, send],
  );

  const submitMapping = useCallback(
    async (mapping: Partial<Record<HoldingField, string>>) => {
      if (pending) await send({ name: pending.name, file_name: pending.file_name, content_base64: pending.content_base64 }, mapping);
    },
    [pending, send],
  );

  const cancelMapping = useCallback(() => setPending(null), []);
  return { busy, error, pending, name, setName, importFile, submitMapping, cancelMapping };
}
