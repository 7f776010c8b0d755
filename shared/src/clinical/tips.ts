import type { Condition } from './conditions.js';

/**
 * Patient-education tips by condition (000 §2.3 route tips): a fixed, reviewed catalogue in plain
 * language, short enough to send as a text message (decisions.md "Tips catalogue").
 */

/** A tip's text fits two SMS segments. */
export const TIP_TEXT_MAX = 320;

export interface Tip {
  readonly id: string;
  readonly condition: Condition;
  readonly title: string;
  readonly text: string;
}

export const TIPS: readonly Tip[] = [
  {
    id: 'htn-measure',
    condition: 'hypertension',
    title: 'Measuring your blood pressure',
    text: 'Sit quietly for 5 minutes before a reading, back supported, feet flat, arm resting at heart level. No coffee, exercise or smoking in the 30 minutes before. Take it at the same times each day.',
  },
  {
    id: 'htn-salt',
    condition: 'hypertension',
    title: 'Less salt',
    text: 'Aim for less than 1,500-2,300 mg of sodium a day. Check food labels, choose fresh over canned or processed foods, and season with herbs, lemon or spices instead of salt.',
  },
  {
    id: 'htn-meds',
    condition: 'hypertension',
    title: 'Taking your blood pressure medicine',
    text: 'Take your blood pressure medicine every day, even when you feel well. Do not stop or change it without talking to your care team. A pill box or phone alarm can help you remember.',
  },
  {
    id: 'hf-weigh',
    condition: 'heart_failure',
    title: 'Daily weight',
    text: 'Weigh yourself every morning after using the bathroom and before breakfast, in similar clothes. Call your care team if you gain more than 2-3 lbs in a day or 5 lbs in a week.',
  },
  {
    id: 'hf-fluid',
    condition: 'heart_failure',
    title: 'Fluids and salt',
    text: 'Follow the fluid limit your doctor gave you and keep salt low; both help prevent fluid build-up. Soups, ice and fruit count as fluid too.',
  },
  {
    id: 'hf-symptoms',
    condition: 'heart_failure',
    title: 'Warning signs',
    text: 'Call your care team if you have more shortness of breath, need more pillows to sleep, or notice new swelling in your feet, ankles or belly. Call 911 for chest pain or severe breathlessness.',
  },
  {
    id: 'dm-check',
    condition: 'diabetes',
    title: 'Checking your blood sugar',
    text: 'Wash and dry your hands before each check. Test at the times your care team asked, and note what you ate and any activity. Most adults aim for 80-130 mg/dL before meals.',
  },
  {
    id: 'dm-low',
    condition: 'diabetes',
    title: 'Treating a low',
    text: 'If your sugar is below 70 mg/dL or you feel shaky, sweaty or confused, take 15 g of fast sugar (4 oz juice or 4 glucose tablets), wait 15 minutes and check again. Repeat if still low.',
  },
  {
    id: 'dm-feet',
    condition: 'diabetes',
    title: 'Foot care',
    text: 'Look at your feet every day for cuts, blisters, redness or swelling. Wear shoes that fit and never walk barefoot. Tell your care team about any sore that does not heal.',
  },
  {
    id: 'copd-inhaler',
    condition: 'copd',
    title: 'Using your inhaler',
    text: 'Breathe out fully, seal your lips around the mouthpiece, press and breathe in slowly and deeply, then hold your breath for 10 seconds. Rinse your mouth after steroid inhalers.',
  },
  {
    id: 'copd-flare',
    condition: 'copd',
    title: 'Spotting a flare-up',
    text: 'More breathlessness, more coughing, or a change in the colour or amount of mucus can mean a flare-up. Follow your action plan and call your care team early.',
  },
  {
    id: 'copd-oxygen',
    condition: 'copd',
    title: 'Oxygen readings',
    text: 'Rest for a few minutes before checking your oxygen, with warm hands and no nail polish. Tell your care team if your reading stays below the level they gave you.',
  },
  {
    id: 'wt-routine',
    condition: 'weight',
    title: 'A weighing routine',
    text: 'Weigh at the same time each day, on a hard flat floor, in similar clothes. Day-to-day changes are normal; the trend over weeks is what matters.',
  },
  {
    id: 'wt-plate',
    condition: 'weight',
    title: 'A balanced plate',
    text: 'Fill half your plate with vegetables, a quarter with lean protein and a quarter with whole grains. Drink water instead of sugary drinks.',
  },
  {
    id: 'wt-move',
    condition: 'weight',
    title: 'Moving more',
    text: 'Aim for 150 minutes of moderate activity a week, such as brisk walking for 30 minutes on 5 days. Start slowly and ask your care team what is safe for you.',
  },
];

/** The tips of the given conditions, in catalogue order; all tips when no condition is given. */
export function tipsFor(conditions: readonly Condition[]): Tip[] {
  return conditions.length === 0 ? [...TIPS] : TIPS.filter((tip) => conditions.includes(tip.condition));
}

/**
 * The text of a tip sent to the patient as a message (for the Messages tab's "send as a message"): the title and
 * the tip, within {@link TIP_TEXT_MAX} plus the title.
 */
export function tipMessage(tip: Tip): string {
  return `${tip.title}: ${tip.text}`;
}
