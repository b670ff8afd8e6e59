import { Fragment, useEffect, useRef, useState } from 'react';
import { useViewState } from '../../base/element-root.tsx';
import { PayButton, StatusMessage } from '../../base/pay-button.tsx';
import { Select } from '../field.tsx';
import type { IssuerListElement, TermsAndConditions } from './issuer-list-element.tsx';
import { highlighted, issuerError } from './validate.ts';

/** Featured banks as toggle buttons, every bank in a native select, the terms and the continue button. */
export function IssuerListView({ element }: { element: IssuerListElement }) {
  const { status, message, validationRequest, resetRequest } = useViewState(element);
  const { i18n } = element.checkout;
  const issuers = element.issuers;
  const featured = highlighted(issuers, element.props.highlightedIssuers);
  const [selected, setSelected] = useState(element.selected);
  const [showError, setShowError] = useState(false);
  const selectRef = useRef<HTMLSelectElement | null>(null);

  const choose = (id: string) => {
    setSelected(id);
    element.select(id);
    setShowError(issuerError(issuers, id) !== undefined);
  };

  // A failed submit shows the error and moves focus to the dropdown.
  useEffect(() => {
    if (validationRequest === 0) return;
    setShowError(issuerError(issuers, element.selected) !== undefined);
    selectRef.current?.focus();
  }, [validationRequest, issuers, element]);

  useEffect(() => {
    if (resetRequest === 0) return;
    setSelected('');
    element.select('');
    setShowError(false);
  }, [resetRequest, element]);

  const errorKey = showError ? issuerError(issuers, selected) : undefined;
  const chosen = issuers.find((issuer) => issuer.id === selected);
  const label =
    issuers.length === 0 || chosen
      ? i18n.get('continueTo', { issuer: chosen?.name ?? element.displayName })
      : i18n.get('continue');

  return (
    <div className="actuate-checkout__issuer-list">
      {featured.length > 0 ? (
        <fieldset className="actuate-checkout__issuer-buttons">
          <legend className="actuate-checkout__label">{i18n.get('issuerList.highlighted')}</legend>
          {featured.map((issuer) => (
            <button
              key={issuer.id}
              type="button"
              className="actuate-checkout__button actuate-checkout__button--secondary actuate-checkout__issuer-button"
              aria-pressed={selected === issuer.id}
              onClick={() => choose(issuer.id)}
            >
              {issuer.name}
            </button>
          ))}
        </fieldset>
      ) : null}
      {issuers.length > 0 ? (
        <Select
          name="issuer"
          label={i18n.get(
            featured.length > 0 ? 'issuerList.selectField.labelOther' : 'issuerList.selectField.label',
          )}
          placeholder={i18n.get('issuerList.selectField.placeholder')}
          value={selected}
          options={issuers.map((issuer) => ({
            id: issuer.id,
            name: issuer.disabled ? i18n.get('issuerList.unavailable', { issuer: issuer.name }) : issuer.name,
            disabled: issuer.disabled ?? false,
          }))}
          error={errorKey ? i18n.get(errorKey) : undefined}
          onChange={choose}
          selectRef={(node) => {
            selectRef.current = node;
          }}
        />
      ) : null}
      {element.termsAndConditions ? (
        <Terms
          terms={element.termsAndConditions}
          text={i18n.get(element.termsAndConditions.translationKey)}
        />
      ) : null}
      <StatusMessage message={message} />
      {element.props.showPayButton === false ? null : (
        <PayButton label={label} status={status} onClick={() => void element.submit()} />
      )}
    </div>
  );
}

/** "By continuing you accept the %#terms%#": every second `%#` part is a link to the next url. */
function Terms({ terms, text }: { terms: TermsAndConditions; text: string }) {
  const parts = text.split('%#');
  return (
    <p className="actuate-checkout__terms">
      {parts.map((part, index) => {
        const url = index % 2 === 1 ? terms.urls[(index - 1) / 2] : undefined;
        return url ? (
          <a key={part + String(index)} href={url} target="_blank" rel="noopener noreferrer">
            {part}
          </a>
        ) : (
          <Fragment key={part + String(index)}>{part}</Fragment>
        );
      })}
    </p>
  );
}
