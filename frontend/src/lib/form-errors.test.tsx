import { act, render, renderHook, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../api/http';
import { applyApiFieldErrors, hasApiFieldError } from './form-errors';

interface Values {
  email: string;
  password: string;
  contactInfo: { phone: string; city: string };
}

const defaultValues: Values = { email: '', password: '', contactInfo: { phone: '', city: '' } };

const apiError = (errors: Record<string, string>, status = 400) =>
  new ApiError(status, { statusCode: status, message: 'Requête invalide', errors });

function setup() {
  return renderHook(() => useForm<Values>({ defaultValues })).result;
}

describe('applyApiFieldErrors', () => {
  it('puts each known field’s message under it, nested paths included, and says a field matched', () => {
    const form = setup();
    let matched = false;
    act(() => {
      matched = applyApiFieldErrors(
        form.current,
        apiError({ email: 'Cet email est déjà utilisé', 'contactInfo.phone': 'Téléphone invalide' }),
      );
    });
    expect(matched).toBe(true);
    expect(form.current.getFieldState('email').error).toMatchObject({ type: 'server', message: 'Cet email est déjà utilisé' });
    expect(form.current.getFieldState('contactInfo.phone').error?.message).toBe('Téléphone invalide');
    expect(form.current.getFieldState('password').error).toBeUndefined();
  });

  it('ignores fields the form does not have, and answers false when none matched', () => {
    const form = setup();
    let matched = true;
    act(() => {
      matched = applyApiFieldErrors(form.current, apiError({ siteId: 'Site introuvable', 'contactInfo.zip': 'Code postal invalide' }));
    });
    expect(matched).toBe(false);
    expect(form.current.getFieldState('email').error).toBeUndefined();
  });

  it('answers false for errors without field messages and for anything that is not an API error', () => {
    const form = setup();
    expect(applyApiFieldErrors(form.current, new ApiError(500, { statusCode: 500, message: 'Erreur interne' }))).toBe(false);
    expect(applyApiFieldErrors(form.current, new Error('boom'))).toBe(false);
    expect(applyApiFieldErrors(form.current, undefined)).toBe(false);
  });

  it('renames server fields through aliases and can restrict the fields', () => {
    const form = setup();
    act(() => {
      applyApiFieldErrors(form.current, apiError({ newPassword: 'Trop court', email: 'Déjà pris' }), {
        aliases: { newPassword: 'password' },
        fields: ['password'],
      });
    });
    expect(form.current.getFieldState('password').error?.message).toBe('Trop court');
    expect(form.current.getFieldState('email').error).toBeUndefined();
  });

  it('accepts array paths written with brackets', () => {
    const result = renderHook(() =>
      useForm<{ items: { name: string }[] }>({ defaultValues: { items: [{ name: '' }, { name: '' }] } }),
    ).result;
    act(() => {
      applyApiFieldErrors(result.current, apiError({ 'items[1].name': 'Nom requis' }));
    });
    expect(result.current.getFieldState('items.1.name').error?.message).toBe('Nom requis');
  });

  it('moves the focus to the first field in error', () => {
    function Form({ error }: { error: ApiError }) {
      const form = useForm<Values>({ defaultValues });
      return (
        <form>
          <input aria-label="Email" {...form.register('email')} />
          <input aria-label="Mot de passe" {...form.register('password')} />
          <button type="button" onClick={() => applyApiFieldErrors(form, error)}>
            Appliquer
          </button>
          <p>{form.formState.errors.password?.message}</p>
        </form>
      );
    }
    render(<Form error={apiError({ password: 'Mot de passe trop court' })} />);
    act(() => screen.getByRole('button', { name: 'Appliquer' }).click());
    expect(screen.getByLabelText('Mot de passe')).toHaveFocus();
    expect(screen.getByText('Mot de passe trop court')).toBeInTheDocument();
  });
});

describe('hasApiFieldError', () => {
  it('tells whether an error is about one of the given fields', () => {
    expect(hasApiFieldError(apiError({ email: 'Déjà pris' }), ['name', 'email'])).toBe(true);
    expect(hasApiFieldError(apiError({ token: 'Lien invalide' }), ['password'])).toBe(false);
    expect(hasApiFieldError(new Error('boom'), ['email'])).toBe(false);
  });
});
