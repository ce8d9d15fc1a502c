import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type AuditEvent } from '@portal/shared';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import zh from '../../messages/zh-CN.json';
import { auditActorName, auditObject, auditSentence } from './auditText.ts';

const event = (over: Partial<AuditEvent>): AuditEvent => ({
  id: 1,
  actor: { memberId: 7, name: 'Ops' },
  action: 'proxyAccount.create',
  objectType: 'proxyAccount',
  objectId: '12',
  summary: {},
  at: 0,
  ip: '192.0.2.1',
  device: { browser: null, system: null, mobile: false },
  confirmed: true,
  ...over,
});

describe('audit texts', () => {
  const languages = [
    ['en', en],
    ['zh-CN', zh],
  ] as const;

  it('have a sentence, a name and an object word for everything, in both languages, with no placeholder left', () => {
    for (const [locale, messages] of languages) {
      const intl = createIntl({ locale, messages, onError: (e) => expect.fail(String(e)) });
      for (const action of AUDIT_ACTIONS) {
        const text = auditSentence(intl, event({ action }));
        expect(text, `${locale} ${action}`).not.toMatch(/[{}]/);
        expect(intl.formatMessage({ id: `uc.audit.actionName.${action}` })).toBeTruthy();
      }
      for (const objectType of AUDIT_OBJECT_TYPES) expect(auditObject(intl, event({ objectType, objectId: null }))).toBeTruthy();
    }
  });

  it('fill the sentence from the summary, a dash for what it lacks', () => {
    const intl = createIntl({ locale: 'en', messages: en });
    expect(auditSentence(intl, event({ summary: { name: 'scraper01' } }))).toBe('Created sub-account scraper01');
    expect(auditSentence(intl, event({}))).toBe('Created sub-account —');
    expect(auditSentence(intl, event({ action: 'newDeviceNotice.update', summary: { enabled: false } }))).toBe(
      'Turned off new-device sign-in alerts',
    );
    expect(auditSentence(intl, event({ action: 'certification.submit', summary: { kind: 'enterprise' } }))).toBe(
      'Submitted company certification',
    );
  });

  it('name the object with its id, and a member who is gone by number', () => {
    const intl = createIntl({ locale: 'zh-CN', messages: zh });
    expect(auditObject(intl, event({}))).toBe('子账号 #12');
    expect(auditObject(intl, event({ objectType: 'account', objectId: null }))).toBe('账户');
    expect(auditActorName(intl, { memberId: 9, name: null })).toBe('成员 #9');
  });
});
