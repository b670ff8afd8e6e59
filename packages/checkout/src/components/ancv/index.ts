import { defineSingleFieldMethod } from '../internal/single-field-method/single-field-method.tsx';
import { translations } from './translations.ts';
import { beneficiaryIdError } from './validate.ts';

/**
 * ANCV Chèque-Vacances (France): the shopper gives their beneficiary id or account e-mail and
 * confirms the payment in the ANCV app (an await action).
 */
export const Ancv = defineSingleFieldMethod({
  type: 'ancv',
  name: 'ANCV',
  translations,
  field: {
    name: 'beneficiaryId',
    label: 'ancv.beneficiaryId',
    help: 'ancv.help',
    inputMode: 'email',
    maxLength: 320,
    autoComplete: 'email',
  },
  validate: beneficiaryIdError,
});

export default Ancv;
