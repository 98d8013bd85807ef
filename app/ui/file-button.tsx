import { useRef } from 'react';
import { Button, type ButtonProps } from './button';

/**
 * A button that opens the file chooser, through a hidden file input (named for screen readers and tests). The
 * files chosen are handed over, and the input emptied: choosing the same file again is a new choice.
 */
export function FileButton({
  accept,
  multiple,
  inputLabel,
  testId,
  onFiles,
  ...button
}: Omit<ButtonProps, 'onClick'> & {
  accept: string;
  multiple?: boolean;
  /** The hidden input's accessible name. */
  inputLabel: string;
  testId?: string;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} onClick={() => input.current?.click()} />
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        aria-label={inputLabel}
        data-testid={testId}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}
