export { CheckboxField, type CheckboxFieldProps } from './checkbox-field';
export { type ControlProps, Field, FieldError, type FieldProps, RequiredMark, useFieldIds } from './field';
export { NewPasswordFields, PASSWORD_HINT } from './new-password-fields';
export { PhoneField, type PhoneFieldProps } from './phone-field';
export { RichTextField, type RichTextFieldProps } from './rich-text-field';
export { SelectField, type SelectFieldProps, type SelectOption } from './select-field';
export { TextField, type TextFieldProps, type TextFieldType } from './text-field';
export { type FieldValidation, type FieldValidationOptions, useFieldValidation } from './use-field-validation';
export { useFormKit, ValidatedForm, type ValidatedFormProps } from './validated-form';
