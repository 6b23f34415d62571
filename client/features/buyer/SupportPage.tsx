import { Field, Form } from 'react-final-form';
import { selectUser } from '../../../shared/features/auth/authSlice';
import { selectSupportOrders } from '../../../shared/features/buyer/buyerSlice';
import { contactFormSubmitted, pageFormReset, selectPageForm } from '../../../shared/features/pages/pagesSlice';
import { formatCents } from '../../../shared/domain/money';
import type { SupportOrder } from '../../../shared/schemas/buyerPages';
import { type ContactRequest, ContactRequestSchema, formErrors } from '../../../shared/schemas/pages';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { FieldShell, shownError, TextField } from '../auth/fields';
import { CaptchaField } from '../captcha/CaptchaField';
import { CONTACT_SENT } from '../pages/ContactsPage';
import { TextAreaField } from '../pages/formFields';
import { ErrorBanner } from '../popup/Popup';
import { formatDate } from '../sites/formatting';

/** How an order reads in the picker: enough to tell one's orders apart (its id's start, date, total). */
export const orderOption = (order: SupportOrder) => `#${order.id.slice(0, 8)} · ${formatDate(order.placedAt)} · ${formatCents(order.totalCents)}`;

function OrderField({ orders }: { orders: readonly SupportOrder[] }) {
  return (
    <Field name="orderId">
      {({ input, meta }) => {
        const error = shownError(meta);
        return (
          <FieldShell label="Order (optional)" error={error}>
            {({ id, describedBy }) => (
              <select {...input} id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy}>
                <option value="">{orders.length === 0 ? 'You have no orders yet' : 'Not about an order'}</option>
                {orders.map((order) => (
                  <option key={order.id} value={order.id}>
                    {orderOption(order)}
                  </option>
                ))}
              </select>
            )}
          </FieldShell>
        );
      }}
    </Field>
  );
}

/**
 * `Support`: the storefront's contact form (same fields, rules, messages and POST /pages/contact),
 * with the member's own orders to pick the one the message is about.
 */
export function SupportPage() {
  const dispatch = useAppDispatch();
  const form = useAppSelector((state) => selectPageForm(state, 'contact'));
  const orders = useAppSelector(selectSupportOrders);
  const user = useAppSelector(selectUser);
  if (!orders) return null;
  if (form.status === 'sent') {
    return (
      <div className="form-sent" role="status">
        <p>{CONTACT_SENT}</p>
        <button type="button" className="link-button" onClick={() => dispatch(pageFormReset('contact'))}>
          Send another message
        </button>
      </div>
    );
  }
  const initialValues = user ? { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : {};
  return (
    <>
      <p className="content-body__lead">Questions about a purchase, a download, a payout or your account? Write to us and we will answer by email.</p>
      <Form<Partial<ContactRequest> & { captcha?: string }>
        initialValues={initialValues}
        onSubmit={({ captcha, ...message }) => void dispatch(contactFormSubmitted(message as ContactRequest, captcha))}
        validate={(values) => formErrors(values, ContactRequestSchema)}
        render={({ handleSubmit }) => (
          <form className="page-form support-form" onSubmit={handleSubmit} noValidate aria-label="Contact form">
            {form.error && <ErrorBanner message={form.error} onDismiss={() => dispatch(pageFormReset('contact'))} />}
            <TextField name="name" label="Name" autoComplete="name" />
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <OrderField orders={orders} />
            <TextField name="subject" label="Subject" />
            <TextAreaField name="message" label="Message" />
            <CaptchaField pending={form.status === 'sending'} />
            <button type="submit" disabled={form.status === 'sending'}>
              {form.status === 'sending' ? 'Sending…' : 'Send message'}
            </button>
          </form>
        )}
      />
    </>
  );
}
