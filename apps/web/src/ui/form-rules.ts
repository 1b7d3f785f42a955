// Form rules built on the core rules, with messages in the user's language.
import type { Rule } from 'antd/es/form';
import { checkPassword, isMobile } from '@openseller/core';
import { i18next } from '../app/i18n';

export const requiredRule = (): Rule => ({ required: true, whitespace: true, message: i18next.t('common:validation.required') });

/** The password policy of spec 01 §5, checked against the username field of the same form. */
export function passwordRules(usernameField?: string, fixedUsername?: string): Rule[] {
  return [
    requiredRule(),
    ({ getFieldValue }) => ({
      validator(_rule, value: string | undefined) {
        if (!value) return Promise.resolve();
        const username = fixedUsername ?? (usernameField ? (getFieldValue(usernameField) as string | undefined) : undefined);
        const broken = checkPassword(value, username);
        return broken ? Promise.reject(new Error(i18next.t(`auth:passwordRules.${broken}`))) : Promise.resolve();
      },
    }),
  ];
}

export function confirmPasswordRules(passwordField: string): Rule[] {
  return [
    requiredRule(),
    ({ getFieldValue }) => ({
      validator(_rule, value: string | undefined) {
        if (!value || value === getFieldValue(passwordField)) return Promise.resolve();
        return Promise.reject(new Error(i18next.t('auth:passwordMismatch')));
      },
    }),
  ];
}

/** Mobile: 11 digits starting with 1; 请输入手机号！ when required and empty. */
export function mobileRules(required = true): Rule[] {
  return [
    ...(required ? [{ required: true, message: i18next.t('auth:mobileRequired') }] : []),
    {
      validator(_rule, value: string | undefined) {
        if (!value) return Promise.resolve();
        return isMobile(value.trim()) ? Promise.resolve() : Promise.reject(new Error(i18next.t('auth:mobileInvalid')));
      },
    },
  ];
}

export const smsCodeRules = (): Rule[] => [requiredRule(), { pattern: /^\d{6}$/, message: i18next.t('auth:smsCodeInvalid') }];
