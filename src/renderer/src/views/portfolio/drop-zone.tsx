/** The view as a drop target for a holdings file: highlighted while a file is dragged over it. */
import { useRef, useState, type DragEvent, type ReactNode } from 'react';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

export function DropZone({ onFile, children }: { onFile(file: File): void; children: ReactNode }) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them so the highlight does not flicker
  const depth = useRef(0);
  return (
    <div
      className={`portfolio-drop-zone${over ? ' is-over' : ''}`}
      data-testid="portfolio-drop-zone"
      onDragEnter={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        depth.current = 0;
        setOver(false);
        const file = e.dataTransfer.files[0];
        if (file) onFile(file);
      }}
    >
      {children}
      {over ? (
        <div className="portfolio-drop-overlay" aria-hidden="true">
          Drop the holdings file to import it
        </div>
      ) : null}
    </div>
  );
}
