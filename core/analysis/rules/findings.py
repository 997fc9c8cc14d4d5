"""What the rules engine can conclude: name, ICD-10-CM code, priority and advisory plan.

Codes were chosen from the ICD-10-CM tabular list and index, favouring the "abnormal
finding" codes (chapter R) where lab values alone cannot support a disease: one raised
creatinine or low eGFR is R94.4, because acute kidney injury (N17.9) and chronic kidney
disease (N18.9, > 3 months) need a time course the labs do not show; an elevated troponin
is R79.89 (the index entry since FY2024), not a myocardial infarction. A test checks every
code here against the code set. Priority orders the findings: urgent ones come first.
There is no "no abnormal findings" entry: encounter codes (Z00) describe a visit, not the
patient, so with nothing found the engine abstains (core.analysis.rules.diagnosis).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    name: str  # what the doctor reads as the diagnosis
    code: str  # ICD-10-CM
    priority: int  # higher is named first: urgency, then clinical weight
    plan: str  # advisory next steps


# fmt: off
FINDINGS: dict[str, Finding] = {
    # From delta checks against the patient's earlier results (core.analysis.delta): the
    # time course a single creatinine cannot show.
    "acute_kidney_injury": Finding(
        "Acute kidney injury (KDIGO creatinine criterion against earlier results)", "N17.9", 92,
        "Stage by KDIGO (creatinine against baseline, urine output); look for the cause "
        "(volume depletion, obstruction, nephrotoxic drugs: stop NSAIDs, review ACE "
        "inhibitors, ARBs, diuretics and metformin); repeat creatinine and potassium within "
        "24 hours."),
    "falling_hemoglobin": Finding(
        "Falling hemoglobin (bleeding or hemolysis to be excluded)", "R71.0", 84,
        "Look for bleeding (history, examination, stool), review anticoagulants and "
        "antiplatelets, repeat the blood count, hemolysis screen if no bleeding is found."),
    "elevated_troponin": Finding(
        "Elevated troponin (myocardial injury to be excluded)", "R79.89", 95,
        "Urgent clinical assessment for acute coronary syndrome or other myocardial injury: "
        "ECG, repeat troponin to see the trend, cardiology review."),
    "hyperkalemia": Finding(
        "Hyperkalemia", "E87.5", 88,
        "Repeat potassium promptly (exclude a hemolysed sample), ECG, review kidney function "
        "and medications that raise potassium (ACE inhibitors, ARBs, potassium-sparing "
        "diuretics)."),
    "hypoglycemia": Finding(
        "Hypoglycemia", "E16.2", 86,
        "Confirm with a repeat glucose, ask about symptoms, review glucose-lowering "
        "medication."),
    "elevated_natriuretic_peptide": Finding(
        "Elevated natriuretic peptide (heart failure to be excluded)", "R79.89", 80,
        "Assess for heart failure: history, examination, echocardiography."),
    "hyponatremia": Finding(
        "Hyponatremia", "E87.1", 78,
        "Assess volume status and symptoms; serum osmolality, urine sodium and osmolality; "
        "review medications (thiazides, SSRIs)."),
    "abnormal_kidney_function": Finding(
        "Abnormal kidney function (reduced eGFR or raised creatinine)", "R94.4", 76,
        "Repeat creatinine and eGFR and compare with earlier results to tell acute kidney "
        "injury from chronic kidney disease (which needs more than 3 months); urine "
        "albumin/creatinine ratio; review nephrotoxic medication."),
    "type2_diabetes": Finding(
        "Type 2 diabetes mellitus without complications", "E11.9", 74,
        "Confirm by the standard criteria if not yet confirmed (repeat HbA1c or fasting "
        "glucose); lifestyle advice; consider metformin if kidney function allows; screen "
        "for complications (eyes, feet, urine albumin/creatinine ratio) and assess "
        "cardiovascular risk."),
    "iron_deficiency_anemia": Finding(
        "Iron deficiency anemia", "D50.9", 72,
        "Look for the source of iron loss (gastrointestinal, menstrual); oral iron "
        "replacement; recheck hemoglobin and ferritin in 4–8 weeks."),
    "acidosis": Finding(
        "Acidosis (low blood pH)", "E87.20", 76,
        "Repeat the blood gas; read pCO2 and bicarbonate for a respiratory or metabolic cause, "
        "the anion gap and lactate; look for sepsis, ketoacidosis, kidney failure, toxins."),
    "alkalosis": Finding(
        "Alkalosis (high blood pH)", "E87.3", 62,
        "Repeat the blood gas; read pCO2 and bicarbonate for a respiratory or metabolic cause; "
        "look for hyperventilation, vomiting, diuretics; check potassium."),
    "hypernatremia": Finding(
        "Hypernatremia", "E87.0", 72,
        "Assess hydration and water intake; review diuretics; repeat sodium."),
    "b12_deficiency_anemia": Finding(
        "Vitamin B12 deficiency anemia", "D51.9", 70,
        "Check folate and intrinsic factor antibodies; vitamin B12 replacement; recheck blood "
        "count."),
    "hypokalemia": Finding(
        "Hypokalemia", "E87.6", 70,
        "Repeat potassium, check magnesium, review diuretics and gastrointestinal losses; "
        "replace as appropriate."),
    "anemia": Finding(
        "Anemia, unspecified", "D64.9", 68,
        "Reticulocyte count, ferritin and iron studies, vitamin B12 and folate; look for "
        "blood loss."),
    "urinary_tract_infection": Finding(
        "Urinary tract infection, site not specified", "N39.0", 66,
        "Correlate with urinary symptoms; send urine culture before antibiotics; treat per "
        "local guidance if symptomatic."),
    "hyperthyroidism": Finding(
        "Hyperthyroidism (thyrotoxicosis)", "E05.90", 64,
        "Confirm with free T3, thyroid antibodies (TRAb); consider endocrinology referral."),
    "neutropenia": Finding(
        "Neutropenia", "D70.9", 64,
        "Repeat blood count with differential; review medications; assess infection risk."),
    "thrombocytopenia": Finding(
        "Thrombocytopenia", "D69.6", 62,
        "Repeat platelet count (exclude clumping with a citrate sample); blood film; review "
        "medications and bleeding history."),
    "autoimmune_thyroiditis": Finding(
        "Autoimmune (Hashimoto's) thyroiditis", "E06.3", 63,
        "Repeat TSH with free T4; levothyroxine when hypothyroid (low free T4, TSH above 10, "
        "or symptoms); then TSH every 6–12 months."),
    "hypothyroidism": Finding(
        "Hypothyroidism", "E03.9", 62,
        "Repeat TSH with free T4 in 6–8 weeks or treat with levothyroxine if confirmed; "
        "thyroid peroxidase antibodies."),
    "elevated_procalcitonin": Finding(
        "Elevated procalcitonin (bacterial infection to be excluded)", "R79.89", 60,
        "Clinical assessment for bacterial infection or sepsis; cultures as indicated."),
    "hypercalcemia": Finding(
        "Hypercalcemia", "E83.52", 60,
        "Repeat calcium with albumin, check PTH and vitamin D; review calcium and thiazide "
        "use."),
    "leukopenia": Finding(
        "Decreased white blood cell count", "D72.819", 58,
        "Repeat blood count with differential; review medications and recent infections."),
    "hypocalcemia": Finding(
        "Hypocalcemia", "E83.51", 58,
        "Correct for albumin; check magnesium, PTH and vitamin D."),
    "abnormal_coagulation": Finding(
        "Abnormal coagulation profile", "R79.1", 58,
        "Review anticoagulant use and liver function; repeat INR/PT; assess bleeding risk."),
    "leukocytosis": Finding(
        "Leukocytosis", "D72.829", 56,
        "Look for infection or inflammation; blood count with differential and blood film; "
        "repeat to confirm."),
    "hyperglycemia": Finding(
        "Hyperglycemia", "R73.9", 55,
        "Repeat fasting glucose and HbA1c to test for diabetes."),
    "elevated_transaminases": Finding(
        "Elevated liver transaminases", "R74.01", 54,
        "Review alcohol and medication use; hepatitis serology; liver ultrasound if "
        "persistent."),
    "elevated_bilirubin": Finding(
        "Elevated bilirubin", "R17", 52,
        "Fractionate bilirubin, check liver enzymes and hemolysis markers."),
    "mixed_hyperlipidemia": Finding(
        "Mixed hyperlipidemia", "E78.2", 50,
        "Cardiovascular risk assessment; lifestyle advice; consider statin therapy; repeat "
        "fasting lipids."),
    "pure_hypercholesterolemia": Finding(
        "Pure hypercholesterolemia", "E78.00", 50,
        "Cardiovascular risk assessment; lifestyle advice; consider statin therapy."),
    "hyperlipidemia": Finding(
        "Hyperlipidemia, unspecified", "E78.5", 49,
        "Full fasting lipid profile; cardiovascular risk assessment; lifestyle advice; "
        "consider statin therapy."),
    "hypertriglyceridemia": Finding(
        "Hypertriglyceridemia", "E78.1", 48,
        "Repeat fasting triglycerides; review alcohol, glucose control and weight."),
    "hematuria": Finding(
        "Hematuria", "R31.9", 47,
        "Repeat urinalysis with microscopy; exclude menstruation and infection; assess "
        "for urological causes if persistent."),
    "proteinuria": Finding(
        "Proteinuria", "R80.9", 46,
        "Quantify with urine albumin/creatinine ratio; check kidney function."),
    "elevated_crp": Finding(
        "Elevated C-reactive protein", "R79.82", 45,
        "Look for infection or inflammation; correlate clinically; repeat to follow."),
    "prediabetes": Finding(
        "Prediabetes", "R73.03", 45,
        "Lifestyle intervention (diet, activity, weight); repeat HbA1c or fasting glucose "
        "in 12 months."),
    "hypomagnesemia": Finding(
        "Hypomagnesemia", "E83.42", 45,
        "Review diuretics, proton pump inhibitors and alcohol; replace as appropriate."),
    "glycosuria": Finding(
        "Glycosuria", "R81", 44,
        "Check blood glucose and HbA1c; review SGLT2 inhibitor use."),
    "ketonuria": Finding(
        "Ketonuria", "R82.4", 44,
        "Check blood glucose and ketones; ask about fasting, vomiting or low-carbohydrate "
        "diet."),
    "abnormal_thyroid_tests": Finding(
        "Abnormal thyroid function tests", "R94.6", 42,
        "Repeat TSH with free T4 in 6–8 weeks."),
    "abnormal_serum_enzymes": Finding(
        "Abnormal serum enzyme levels", "R74.8", 40,
        "Interpret with liver and muscle tests; repeat to confirm."),
    "abnormal_albumin": Finding(
        "Abnormal serum albumin", "R77.0", 40,
        "Assess nutrition, liver disease and protein loss (urine albumin/creatinine ratio)."),
    "thrombocytosis": Finding(
        "Thrombocytosis", "D75.839", 40,
        "Repeat platelet count; look for iron deficiency, inflammation or infection."),
    "abnormal_phosphate": Finding(
        "Disorder of phosphorus metabolism", "E83.39", 38,
        "Repeat phosphate with calcium and kidney function."),
    "iron_deficiency": Finding(
        "Iron deficiency without anemia", "E61.1", 36,
        "Look for the cause of iron loss or poor intake; consider iron replacement."),
    "elevated_esr": Finding(
        "Elevated erythrocyte sedimentation rate", "R70.0", 35,
        "Correlate clinically; CRP; repeat to follow."),
    "b12_deficiency": Finding(
        "Vitamin B12 deficiency", "E53.8", 34,
        "Consider vitamin B12 replacement; check blood count and folate."),
    "hyperuricemia": Finding(
        "Hyperuricemia", "E79.0", 32,
        "Lifestyle advice (alcohol, diet); kidney function; treat only if gout or stones."),
    "abnormal_iron": Finding(
        "Abnormal blood level of iron", "R79.0", 32,
        "Transferrin saturation and ferritin; consider hemochromatosis testing."),
    "elevated_ferritin": Finding(
        "Elevated ferritin", "R79.89", 31,
        "Transferrin saturation; look for inflammation, liver disease or iron overload."),
    "lymphocytopenia": Finding(
        "Lymphocytopenia", "D72.810", 30,
        "Repeat blood count with differential."),
    "lymphocytosis": Finding(
        "Lymphocytosis", "D72.820", 30,
        "Repeat blood count with differential; blood film if persistent."),
    "vitamin_d_deficiency": Finding(
        "Vitamin D deficiency", "E55.9", 30,
        "Vitamin D replacement; lifestyle advice; recheck in 3 months."),
    "elevated_hemoglobin": Finding(
        "Elevated hemoglobin", "R71.8", 30,
        "Repeat blood count; assess hydration, smoking and hypoxia."),
}
# fmt: on
