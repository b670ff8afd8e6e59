'use server';

import { getTranslations } from 'next-intl/server';
import { policyVersions } from '@/backend/policies';
import { register } from '@/backend/registrations';
import { parseRegistrationForm, type RegistrationValues } from '@/components/register/registration-form';
import { redirect } from '@/i18n/navigation';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';

export interface RegistrationState {
  readonly message?: string;
  readonly problems?: Readonly<Record<string, string>>;
  /** What the buyer typed (never the password), so the form keeps it. */
  readonly values?: Omit<RegistrationValues, 'password'>;
}

export async function registerAction(
  locale: AppLocale,
  _previous: RegistrationState,
  form: FormData,
): Promise<RegistrationState> {
  const lang = localeOrDefault(locale);
  const t = await getTranslations({ locale: lang, namespace: 'Register' });
  const parsed = parseRegistrationForm(form);
  const { password: _password, ...kept } = parsed.values;
  if (!parsed.ok) {
    const problems = Object.fromEntries(
      Object.entries(parsed.problems).map(([field, problem]) => [field, t(`problem.${problem}`)]),
    );
    return { problems, values: kept };
  }
  const { values } = parsed;
  const versions = await policyVersions().catch(() => undefined);
  if (!versions) return { message: t('failed'), values: kept };
  const result = await register({
    companyName: values.companyName,
    vatNumber: values.vatNumber,
    country: values.country,
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    ...(values.phone && { phone: values.phone }),
    password: values.password,
    locale: lang,
    termsVersionApproved: versions.termsVersion,
    privacyVersionApproved: versions.privacyVersion,
  });
  if (!result.ok) {
    const message =
      result.reason === 'unavailable' || result.reason === 'invalid'
        ? t('failed')
        : t(`errors.${result.reason}`);
    return { message, values: kept };
  }
  return redirect({ href: `/register/${result.registration.ID}`, locale: lang });
}
