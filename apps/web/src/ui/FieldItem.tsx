import { Form, type FormItemProps } from 'antd';
import { cloneElement, isValidElement, type ReactElement, useId } from 'react';

/**
 * A form row for a control the form does not hold itself (no `name`, its value kept by the
 * screen): Ant Design ties a row's label to its control only through `name`, so here the control
 * gets an id and the label points at it (`<label for>`), and the control is named by its label.
 * The one child is an input, text area, select or picker that passes `id` to its input.
 */
export function FieldItem({
  children,
  ...props
}: Omit<FormItemProps, 'name' | 'htmlFor' | 'children'> & { children: ReactElement<{ id?: string }> }) {
  const generated = useId();
  const id = (isValidElement(children) && children.props.id) || generated;
  return (
    <Form.Item {...props} htmlFor={id}>
      {cloneElement(children, { id })}
    </Form.Item>
  );
}
