import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../api/http';
import { Button } from '../button';
import { Field, Form, FormAlerts, Select, Textarea, useApiForm } from '.';

interface Values {
  name: string;
  kind: string;
  note: string;
}

const apiError = (status: number, errors: Record<string, string> = {}) =>
  new ApiError(status, { statusCode: status, message: 'Requête invalide', errors });

function TestForm({ send }: { send: (values: Values) => Promise<unknown> }) {
  const form = useApiForm<Values>({
    defaultValues: { name: '', kind: 'a', note: '' },
    failureMessage: (error) => (error instanceof ApiError && error.status === 429 ? 'Trop de demandes' : 'Échec'),
    onSubmit: (values) => send(values),
  });
  const { errors } = form.formState;
  return (
    <Form form={form} aria-label="Essai">
      <Field label="Nom" hint="Votre nom" error={errors.name?.message} {...form.register('name', { required: 'Le nom est requis' })} />
      <Select
        label="Sorte"
        optional
        options={[
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ]}
        {...form.register('kind')}
      />
      <Textarea label="Note" error={errors.note?.message} {...form.register('note')} />
      <FormAlerts form={form} success="Enregistré" />
      <Button type="submit">Envoyer</Button>
    </Form>
  );
}

describe('useApiForm with Form, FormAlerts and the labelled controls', () => {
  it('labels every control, checks the fields before sending, then says the success', async () => {
    const user = userEvent.setup();
    const send = vi.fn(() => Promise.resolve());
    render(<TestForm send={send} />);
    expect(screen.getByLabelText('Sorte (facultatif)')).toHaveValue('a');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Le nom est requis')).toBeInTheDocument();
    const name = screen.getByLabelText('Nom');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Votre nom Le nom est requis');
    expect(send).not.toHaveBeenCalled();

    await user.type(name, 'Claire');
    await user.selectOptions(screen.getByLabelText('Sorte (facultatif)'), 'b');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Enregistré');
    expect(send).toHaveBeenCalledWith({ name: 'Claire', kind: 'b', note: '' });
  });

  it("puts the API's 400 errors under their fields (the first takes the focus), without an alert", async () => {
    const user = userEvent.setup();
    render(<TestForm send={() => Promise.reject(apiError(400, { note: 'Note trop longue' }))} />);
    await user.type(screen.getByLabelText('Nom'), 'Claire');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Note trop longue')).toBeInTheDocument();
    expect(screen.getByLabelText('Note')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows any other failure in an alert, its message read from the error', async () => {
    const user = userEvent.setup();
    render(<TestForm send={() => Promise.reject(apiError(429))} />);
    await user.type(screen.getByLabelText('Nom'), 'Claire');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de demandes');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
