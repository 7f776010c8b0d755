import { HTMLTable } from '@blueprintjs/core';
import { type CarePlanContent, displayDate } from '@rpm/shared';

/** One version of the care plan as the care team reads it: problems with goals and interventions, then the patient's. */
export function CarePlanView({ plan }: { readonly plan: CarePlanContent }) {
  return (
    <div className="care-plan-view">
      {plan.problems.map((problem) => (
        <section key={`${problem.icd10} ${problem.description}`} className="care-plan-problem">
          <h4>
            {problem.icd10} {problem.description}
          </h4>
          <h5>Goals</h5>
          {problem.goals.length === 0 ? (
            <p className="chart-muted">No goals</p>
          ) : (
            <ul>
              {problem.goals.map((goal) => (
                <li key={goal.goal}>
                  {goal.goal}
                  {goal.target_date && ` (by ${displayDate(goal.target_date)})`}
                </li>
              ))}
            </ul>
          )}
          <h5>Interventions</h5>
          <HTMLTable compact striped>
            <thead>
              <tr>
                <th>Intervention</th>
                <th>Responsible</th>
              </tr>
            </thead>
            <tbody>
              {problem.interventions.map((item) => (
                <tr key={`${item.intervention} ${item.responsible}`}>
                  <td>{item.intervention}</td>
                  <td>{item.responsible}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </section>
      ))}
      <h5>Patient's goals</h5>
      <p>{plan.patient_goals.trim() || '—'}</p>
      <p>
        <strong>Review date:</strong> {displayDate(plan.review_date)}
      </p>
    </div>
  );
}
