import { describe, expect, it } from 'vitest';
import { type StartPageUser, safeRedirect, startPage } from './start-page.js';

type Flags = Omit<StartPageUser, 'roleid'>;
const none: Flags = { is_dentist: 0, is_sleeplab_user: 0, is_interpreting_prac: 0, onlyCoRead: 0 };
const user = (roleid: number[], flags: Partial<Flags> = {}): StartPageUser => ({ roleid, ...none, ...flags });

describe('startPage: every row of 000 §6.1 by lowest role id', () => {
  it.each<[string, StartPageUser, string]>([
    ['10', user([10]), '/app/billing-dashboard'],
    ['11', user([11]), '/app/billing-dashboard'],
    ['11 with 14 and 20', user([20, 14, 11]), '/app/billing-dashboard'],
    ['14', user([14]), '/app/sales-dashboard'],
    ['16 with onlyCoRead', user([16], { onlyCoRead: 1 }), '/app/sleepTestsInterpretation'],
    ['17 with onlyCoRead', user([17], { onlyCoRead: 1 }), '/app/sleepTestsInterpretation'],
    ['16 otherwise', user([16]), '/app/sleepTests'],
    ['17 otherwise', user([17]), '/app/sleepTests'],
    ['18', user([18]), '/app/dentalDashboard'],
    ['18 with the sleep-lab flag', user([18], { is_sleeplab_user: 1 }), '/app/dentalDashboard'],
    ['20', user([20]), '/app/technician-calendar'],
    ['3 with is_sleeplab_user', user([3], { is_sleeplab_user: 1 }), '/app/sleep-lab'],
    ['5 with is_sleeplab_user', user([5], { is_sleeplab_user: 1 }), '/app/sleep-lab'],
    ['3 without the flag', user([3]), '/app/dashboard'],
    ['5 without the flag', user([5]), '/app/dashboard'],
    ['6 with is_interpreting_prac', user([6], { is_interpreting_prac: 1 }), '/app/sleepTests'],
    ['6 with is_dentist', user([6], { is_dentist: 1 }), '/app/dentalDashboard'],
    [
      '6 with both flags (table order)',
      user([6], { is_dentist: 1, is_interpreting_prac: 1 }),
      '/app/sleepTests',
    ],
    ['6 with neither', user([6]), '/app/dashboard'],
    ['6 with onlyCoRead only', user([6], { onlyCoRead: 1 }), '/app/dashboard'],
    ['1', user([1]), '/app/dashboard'],
    ['2', user([2]), '/app/dashboard'],
    ['8', user([8]), '/app/dashboard'],
    ['9', user([9]), '/app/dashboard'],
    ['13', user([13]), '/app/dashboard'],
    ['15', user([15]), '/app/dashboard'],
    ['no roles', user([]), '/app/dashboard'],
    ['lowest wins: 1 over 10', user([10, 1]), '/app/dashboard'],
    ['lowest wins: 6 dentist over 18', user([18, 6], { is_dentist: 1 }), '/app/dentalDashboard'],
    ['lowest wins: 5 sleep-lab over 16', user([16, 5], { is_sleeplab_user: 1 }), '/app/sleep-lab'],
    ['flags do not apply to other roles: 1 dentist', user([1], { is_dentist: 1 }), '/app/dashboard'],
    ['flags do not apply to other roles: 14 co-read', user([14], { onlyCoRead: 1 }), '/app/sales-dashboard'],
  ])('%s', (_name, u, expected) => {
    expect(startPage(u, null)).toBe(expected);
  });

  it.each<[string, StartPageUser, string | null, string]>([
    ['others use a safe redirect', user([1]), '/app/patients?x=1', '/app/patients?x=1'],
    ['no roles use a safe redirect', user([]), '/app/myTasks/3', '/app/myTasks/3'],
    ['6 with neither flag uses it', user([6]), '/app/profile', '/app/profile'],
    ['3 without the flag uses it', user([3]), '/app/profile', '/app/profile'],
    ['an unsafe redirect falls back', user([1]), 'https://evil.example/app', '/app/dashboard'],
    ['a protocol-relative redirect falls back', user([1]), '//evil.example', '/app/dashboard'],
    ['an empty redirect falls back', user([1]), '', '/app/dashboard'],
    ['fixed rows ignore the redirect: 10', user([10]), '/app/profile', '/app/billing-dashboard'],
    ['fixed rows ignore the redirect: 20', user([20]), '/app/profile', '/app/technician-calendar'],
    [
      'fixed rows ignore the redirect: 6 dentist',
      user([6], { is_dentist: 1 }),
      '/app/profile',
      '/app/dentalDashboard',
    ],
  ])('%s', (_name, u, redirect, expected) => {
    expect(startPage(u, redirect)).toBe(expected);
  });
});

describe('safeRedirect: only same-origin paths inside /app', () => {
  it.each<[string | null | undefined, string | null]>([
    ['/app', '/app'],
    ['/app/', '/app/'],
    ['/app/dashboard', '/app/dashboard'],
    ['/app/patient-chart/overview/12', '/app/patient-chart/overview/12'],
    ['/app/patients?status=1&x=a%20b', '/app/patients?status=1&x=a%20b'],
    ['/app?x=1', '/app?x=1'],
    ['/app#top', '/app#top'],
    ['/app/reports?next=//evil.example', '/app/reports?next=//evil.example'],
    [null, null],
    [undefined, null],
    ['', null],
    ['/', null],
    ['/login', null],
    ['app/dashboard', null],
    ['/apple', null],
    ['/app-x/dashboard', null],
    ['/application', null],
    ['//evil.example', null],
    ['//evil.example/app', null],
    ['/app//evil.example', null],
    ['https://evil.example/app', null],
    ['javascript:alert(1)', null],
    ['/app\\evil', null],
    ['/\\evil.example', null],
    ['/app/\\\\evil.example', null],
    ['/app/../login', null],
    ['/app/./dashboard', null],
    ['/app/%2e%2e/login', null],
    ['/app/%2F%2Fevil.example', null],
    ['/app/%5cevil', null],
    ['/app/%zz', null],
    ['/app/\tdashboard', null],
    ['/app/\ndashboard', null],
    [`/app/${'a'.repeat(3000)}`, null],
  ])('%j → %j', (url, expected) => {
    expect(safeRedirect(url)).toBe(expected);
  });
});
