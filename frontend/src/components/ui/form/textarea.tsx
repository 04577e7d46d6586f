import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn';
import { inputClasses } from '../field';
import { FieldWrapper, splitFieldProps, type FieldWrapperProps } from './field-wrapper';

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> &
  FieldWrapperProps & {
    /** Classes of the text area itself (the wrapper takes `className`); by default at least 6 rem high. */
    textareaClassName?: string;
    ref?: Ref<HTMLTextAreaElement>;
  };

/** A labelled text area with its hint and error, wired like Field. */
export function Textarea({ textareaClassName = 'min-h-24 py-2.5', rows = 4, ref, ...props }: TextareaProps) {
  const [wrapper, rest] = splitFieldProps(props);
  return (
    <FieldWrapper {...wrapper}>
      {(control) => <textarea ref={ref} rows={rows} {...control} className={cn(inputClasses, 'h-auto', textareaClassName)} {...rest} />}
    </FieldWrapper>
  );
}
