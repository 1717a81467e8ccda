// The demo materials (PDF guides and XLSX sheets), in Spanish; called by make-media.mjs.
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';

// Fixed metadata dates, so regenerating gives the same files.
const fixedDate = new Date('2026-01-05T12:00:00Z');
let outDir = '';

const green = '#1E5631';
const ink = '#2B2B2B';

/** Writes a PDF and resolves once the file is on disk. */
function writePdf(file, title, build) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: title,
      Author: 'Alcancía',
      Creator: 'Alcancía',
      CreationDate: fixedDate,
      ModDate: fixedDate,
    },
  });
  const written = new Promise((resolve, reject) => {
    const out = createWriteStream(file).on('finish', resolve).on('error', reject);
    doc.pipe(out);
  });
  doc
    .fillColor(green)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text('ALCANCÍA · ACADEMIA DE FINANZAS PARA MUJERES');
  doc.moveDown(0.6).fillColor(ink).font('Helvetica-Bold').fontSize(24).text(title);
  const h2 = (text) =>
    doc.moveDown(0.8).fillColor(green).font('Helvetica-Bold').fontSize(14).text(text).fillColor(ink);
  const p = (text) => doc.moveDown(0.3).font('Helvetica').fontSize(11).text(text, { lineGap: 2 });
  const list = (items) =>
    doc.moveDown(0.3).font('Helvetica').fontSize(11).list(items, { bulletRadius: 2, lineGap: 2 });
  const table = (rows) => {
    doc.moveDown(0.4).fontSize(11);
    for (const [i, [left, right]] of rows.entries()) {
      const y = doc.y;
      doc.font(i === 0 ? 'Helvetica-Bold' : 'Helvetica').text(left, 56, y, { width: 300 });
      doc.text(right, 360, y, { width: 180, align: 'right' });
      doc
        .moveTo(56, doc.y + 2)
        .lineTo(540, doc.y + 2)
        .strokeColor('#D9D2C5')
        .stroke();
      doc.moveDown(0.3);
    }
    doc.x = 56;
  };
  build({ h2, p, list, table, doc });
  doc.moveDown(1.2).fillColor('#6B6B6B').font('Helvetica-Oblique').fontSize(9);
  doc.text('Material educativo de Alcancía. No constituye asesoramiento financiero personalizado.', 56);
  doc.end();
  return written;
}

function makeBudgetGuide() {
  return writePdf(
    path.join(outDir, 'presupuesto-mensual.pdf'),
    'Tu presupuesto mensual',
    ({ h2, p, list, table, doc }) => {
      p(
        'Un presupuesto no es una lista de prohibiciones: es un plan para que tu plata vaya adonde vos querés. Esta guía te acompaña paso a paso para armar el tuyo en una hora.',
      );
      h2('1. Anotá todos tus ingresos');
      p(
        'Sumá sueldo, honorarios, ventas, alquileres o cualquier ingreso del mes. Si tus ingresos varían, usá el promedio de los últimos tres meses o, mejor todavía, el mes más bajo.',
      );
      h2('2. Separá gastos fijos y variables');
      list([
        'Fijos: alquiler o cuota de la casa, expensas, servicios, prepaga, colegio, transporte.',
        'Variables: supermercado, salidas, ropa, regalos, delivery.',
        'Anuales: seguro del auto, patente, vacaciones. Dividilos por 12 y reservá esa parte cada mes.',
      ]);
      h2('3. Una regla simple para empezar: 50/30/20');
      p(
        'Destiná hasta el 50 % a necesidades, hasta el 30 % a gustos y al menos el 20 % a ahorro y deudas. Con inflación alta, ajustá los montos todos los meses, no los porcentajes.',
      );
      h2('4. Un ejemplo');
      table([
        ['Concepto', 'Monto mensual'],
        ['Ingresos netos', '$ 850.000'],
        ['Necesidades (alquiler, servicios, comida)', '$ 425.000'],
        ['Gustos (salidas, ropa, suscripciones)', '$ 255.000'],
        ['Ahorro y fondo de emergencia', '$ 170.000'],
      ]);
      h2('5. Revisalo cada semana');
      p(
        'Diez minutos por semana alcanzan: compará lo gastado con lo planeado, corregí lo que se desvió y celebrá lo que salió bien. Usá la planilla de gastos de la academia para registrar cada movimiento.',
      );
      h2('Checklist');
      list([
        '¿Sabés cuánto entra por mes?',
        '¿Tenés separados tus gastos fijos?',
        '¿Apartás el ahorro apenas cobrás, y no con lo que sobra?',
        '¿Tenés fecha fija para revisar tu presupuesto?',
      ]);
      doc.moveDown(0.5);
    },
  );
}

function makeInvestmentGuide() {
  return writePdf(
    path.join(outDir, 'guia-inversion.pdf'),
    'Guía de inversión: primeros pasos',
    ({ h2, p, list, table }) => {
      p(
        'Invertir es poner tu ahorro a trabajar. Antes de elegir un instrumento, conviene tener claros tus objetivos, tus plazos y cuánto riesgo podés tolerar.',
      );
      h2('1. Primero, tu fondo de emergencia');
      p(
        'Juntá entre tres y seis meses de gastos en un instrumento líquido y de bajo riesgo. Ese dinero no se invierte para ganar: está para cuidarte.',
      );
      h2('2. Conocé tu perfil');
      list([
        'Conservador: priorizás no perder; aceptás rendimientos menores.',
        'Moderado: aceptás algo de volatilidad a cambio de más rendimiento.',
        'Agresivo: tu horizonte es largo y tolerás caídas fuertes en el camino.',
      ]);
      h2('3. Instrumentos frecuentes en Argentina');
      table([
        ['Instrumento', 'Riesgo · plazo sugerido'],
        ['Plazo fijo tradicional o UVA', 'Bajo · 30 días o más'],
        ['FCI money market', 'Bajo · disponible en el día'],
        ['Cauciones', 'Bajo · de 1 a 30 días'],
        ['Bonos y obligaciones negociables', 'Medio · 1 a 5 años'],
        ['CEDEARs y acciones', 'Alto · más de 5 años'],
      ]);
      h2('4. Diversificá');
      p(
        'No pongas todos los huevos en la misma canasta: combiná instrumentos, monedas y plazos. Revisá tu cartera dos veces por año y ajustala a tus objetivos.',
      );
      h2('Glosario breve');
      list([
        'TNA: tasa nominal anual. TEA: tasa efectiva anual, con la capitalización incluida.',
        'Liquidez: qué tan rápido podés convertir una inversión en pesos disponibles.',
        'Volatilidad: cuánto sube y baja el precio de un activo.',
      ]);
    },
  );
}

const money = '"$" #,##0.00';

function styleHeader(row) {
  row.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1E5631' } };
}

function newWorkbook() {
  const book = new ExcelJS.Workbook();
  Object.assign(book, { creator: 'Alcancía', created: fixedDate, modified: fixedDate });
  // Formulas are written without cached results: ask the spreadsheet app to compute them on open.
  book.calcProperties.fullCalcOnLoad = true;
  return book;
}

async function makeExpensesSheet() {
  const book = newWorkbook();
  const categories = ['Vivienda', 'Servicios', 'Supermercado', 'Transporte', 'Salud', 'Salidas', 'Ahorro'];
  const sheet = book.addWorksheet('Gastos del mes', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Fecha', key: 'date', width: 12, style: { numFmt: 'dd/mm/yyyy' } },
    { header: 'Categoría', key: 'category', width: 16 },
    { header: 'Descripción', key: 'description', width: 32 },
    { header: 'Medio de pago', key: 'method', width: 16 },
    { header: 'Monto', key: 'amount', width: 16, style: { numFmt: money } },
  ];
  styleHeader(sheet.getRow(1));
  const rows = [
    ['2026-03-01', 'Vivienda', 'Alquiler', 'Transferencia', 320000],
    ['2026-03-03', 'Servicios', 'Luz y gas', 'Débito automático', 38500],
    ['2026-03-04', 'Supermercado', 'Compra semanal', 'Tarjeta de débito', 62300],
    ['2026-03-07', 'Transporte', 'Carga SUBE', 'Billetera virtual', 15000],
    ['2026-03-10', 'Salud', 'Farmacia', 'Efectivo', 12800],
    ['2026-03-14', 'Salidas', 'Cena con amigas', 'Tarjeta de crédito', 28000],
    ['2026-03-15', 'Ahorro', 'Fondo de emergencia', 'Transferencia', 120000],
  ];
  for (const [date, category, description, method, amount] of rows) {
    sheet.addRow({ date: new Date(`${date}T12:00:00Z`), category, description, method, amount });
  }
  for (let row = 2; row <= 60; row++) {
    sheet.getCell(`B${row}`).dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: [`"${categories.join(',')}"`],
    };
  }
  const summary = book.addWorksheet('Resumen');
  summary.columns = [
    { header: 'Categoría', key: 'category', width: 16 },
    { header: 'Presupuesto', key: 'budget', width: 16, style: { numFmt: money } },
    { header: 'Gastado', key: 'spent', width: 16, style: { numFmt: money } },
    { header: 'Diferencia', key: 'diff', width: 16, style: { numFmt: money } },
  ];
  styleHeader(summary.getRow(1));
  const budgets = [330000, 45000, 250000, 40000, 30000, 60000, 150000];
  categories.forEach((category, i) => {
    const r = i + 2;
    summary.addRow({
      category,
      budget: budgets[i],
      spent: { formula: `SUMIF('Gastos del mes'!B:B,A${r},'Gastos del mes'!E:E)` },
      diff: { formula: `B${r}-C${r}` },
    });
  });
  const last = categories.length + 1;
  const total = summary.addRow({
    category: 'Total',
    budget: { formula: `SUM(B2:B${last})` },
    spent: { formula: `SUM(C2:C${last})` },
    diff: { formula: `B${last + 1}-C${last + 1}` },
  });
  total.font = { bold: true };
  await book.xlsx.writeFile(path.join(outDir, 'planilla-gastos.xlsx'));
}

async function makeDebtPlan() {
  const book = newWorkbook();
  const sheet = book.addWorksheet('Mis deudas', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Acreedor', key: 'creditor', width: 24 },
    { header: 'Saldo', key: 'balance', width: 16, style: { numFmt: money } },
    { header: 'TNA', key: 'rate', width: 10, style: { numFmt: '0.0%' } },
    { header: 'Cuota mínima', key: 'minimum', width: 16, style: { numFmt: money } },
    { header: 'Interés del mes', key: 'interest', width: 16, style: { numFmt: money } },
    { header: 'Orden (avalancha)', key: 'order', width: 18 },
  ];
  styleHeader(sheet.getRow(1));
  const debts = [
    ['Tarjeta de crédito', 480000, 1.2, 48000],
    ['Préstamo personal', 900000, 0.85, 75000],
    ['Cuotas de electrodoméstico', 150000, 0.6, 25000],
  ];
  debts.forEach(([creditor, balance, rate, minimum], i) => {
    const r = i + 2;
    sheet.addRow({
      creditor,
      balance,
      rate,
      minimum,
      interest: { formula: `B${r}*C${r}/12` },
      order: { formula: `RANK(C${r},$C$2:$C$${debts.length + 1})` },
    });
  });
  const notes = book.addWorksheet('Cómo usarla');
  notes.getColumn(1).width = 90;
  for (const line of [
    'Anotá cada deuda con su saldo, su tasa nominal anual (TNA) y la cuota mínima.',
    'Método avalancha: pagá el mínimo de todas y el resto a la de mayor tasa (orden 1).',
    'Método bola de nieve: si necesitás motivación, empezá por la de menor saldo.',
    'Actualizá los saldos cada mes y mirá cómo baja el interés.',
  ]) {
    notes.addRow([line]);
  }
  await book.xlsx.writeFile(path.join(outDir, 'plan-de-deudas.xlsx'));
}

export async function makeDocuments(dir) {
  outDir = dir;
  await makeBudgetGuide();
  await makeInvestmentGuide();
  await makeExpensesSheet();
  await makeDebtPlan();
}
