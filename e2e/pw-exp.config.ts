import base from './playwright.config';
const extra = (process.env.EXP_ARGS ?? '').split(' ').filter(Boolean);
const p = base.projects![0];
export default {
  ...base,
  projects: [{ ...p, use: { ...p.use, launchOptions: { ...p.use!.launchOptions, args: [...p.use!.launchOptions!.args!, ...extra] } } }],
};
