/** The building blocks of a form: its set-up (useApiForm, Form, FormAlerts) and its labelled controls. */
export { Form, FormAlerts, useApiForm, type ApiForm, type UseApiFormOptions } from './form';
export { FieldWrapper, Optional, errorClass, hintClass, labelClass, type ControlProps, type FieldWrapperProps } from './field-wrapper';
export { FilterSelect, Select, optionsOf, type SelectOption } from './select';
export { Textarea } from './textarea';
export { Field, inputClasses, selectClasses } from '../field';
