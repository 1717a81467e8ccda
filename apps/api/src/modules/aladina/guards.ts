/**
 * Aladina's guards (issue 42), enforced in code before and after the model, never left to the
 * prompt alone:
 * - a request for personal investment advice (what SHE should buy, sell or invest in) is answered
 *   with what the classes teach in general and the sentence below (`asksPersonalAdvice`), and an
 *   answer that gives such advice is replaced (`givesPersonalAdvice`);
 * - instructions written inside a question or a passage are data, never obeyed: those sentences
 *   are dropped from passages before the prompt and from the answer before she sees it
 *   (`isInjectedInstruction`);
 * - nobody gets another learner's notes or questions (`asksForOthersData`): the answer says so
 *   (and retrieval never reads notes or questions at all).
 */

/** Lower case, accents and ñ folded, spaces collapsed. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

export const adviceNotice =
  'Alcancía no da asesoramiento de inversión personalizado: la CNV lo reserva a asesores registrados. Te cuento lo que enseñan las clases en general y cuáles mirar para decidir con tu propio criterio.';

export const othersDataNotice =
  'Las notas y las preguntas de cada persona son privadas: no puedo mostrarte las de nadie más. Puedo responderte lo que enseñan las clases.';

export const injectionNotice =
  'Solo respondo sobre lo que enseñan las clases de Alcancía; no sigo instrucciones escritas en las preguntas ni en los materiales.';

/** She speaks of herself: her money, her choice, "me conviene", "debería"… */
const personal =
  /\b(me conviene|nos conviene|me convendria|conviene mas|conviene que|que conviene|cual conviene|conviene (el|la|los|las|un|una|comprar|vender|invertir|pasar|poner|meter|hoy|ahora|este)|deberia|deberiamos|debo|tendria que|tengo que|me recomendas|me recomendarias|me recomienda|recomendame|recomendanos|que recomendas|recomendas|recomendacion personal|recomendaciones (personales|personalizadas|concretas)|tu recomendacion|aconsejame|me aconsejas|que me aconsejas|me sugeris|sugerime|que harias|harias vos|si fueras yo|que hago con|que hacer con|donde pongo|donde meto|donde invierto|donde guardo|en que (invierto|pongo|meto|conviene|invertir)|que (compro|vendo|comprar|vender)|(que|cual) accion|cual (compro|elijo|me conviene|es mejor para mi)|(compro|vendo|invierto|cancelo|pongo|meto|elijo|saco) |me saco|me paso a|decidi vos|por mi\b|para mi\b|mi plata|mis ahorros|mi sueldo|mis dolares|mi aguinaldo|mi dinero|mi indemnizacion|mi herencia|mi cartera|mis pesos|mis inversiones|mis acciones|mis bonos|mis cedears|mi bono|en mi caso|mi situacion|es buen momento|es el momento de|va a subir|van a subir|va a bajar|van a bajar|decime (que|cual|donde|cuanto)|dime (que|cual)|armame|elegime|(comprar|vender|invertir|hacer|poner|meter) con (mi|mis|la plata|los ahorros|esa plata)|(invertir|poner|meter|pasar) (mi|mis|todo)|con mis \d|acciones concretas|nombres de acciones|asesora financiera personal|asi compro|o espero)\b/;

/** …and of buying, selling, investing, an instrument or a sum of hers. */
const investing =
  /\b(compr\w*|vend\w*|invert\w*|invier\w*|inversion\w*|coloc\w*|eleg\w*|elij\w*|accion(es)?|bonos?|al30|gd30|cedears?|dolar(es)?|cripto\w*|bitcoin|usdt|ethereum|fci|fondos? comun\w*|plazo fijo|caucion\w*|obligaciones negociables|lecaps?|letras|cartera|mep|blue|ypf|galicia|merval|oro|inmueble|departamento|credito uva|prestamo|hipoteca\w*|recomendaci\w*|porcentaje)\b/;

/** Alone enough: what to do with her own money. */
const herMoney =
  /\b(que (hago|hacer) con (mi|mis|la|el|esa|esos|esta|este) ?(plata|ahorros|aguinaldo|sueldo|dolares|indemnizacion|bono|herencia|dinero|pesos|millones)|(invierto|invertir|pongo|meto) (mis|mi|esa plata|esos|los) ?\d*|decidi vos por mi)\b/;

export function asksPersonalAdvice(question: string): boolean {
  const text = fold(question);
  return herMoney.test(text) || (personal.test(text) && investing.test(text));
}

/** An answer telling her what to do with her money. */
const advising =
  /\b(te recomiendo|te recomendamos|te aconsejo|te sugiero|mi recomendacion|deberias (comprar|vender|invertir|poner|pasar|meter|elegir|armar)|tendrias que (comprar|vender|invertir|poner|pasar)|yo que vos|si fuera vos|en tu lugar|lo mejor para vos|(compra|vende|inverti|pone|mete|pasa) (tus|tu|todo|ya|ahora|el|la|los|las|en) |(comprate|vendete) )/;

export function givesPersonalAdvice(answer: string): boolean {
  return advising.test(fold(answer));
}

/** A sentence that tries to command the assistant, in Spanish or English. */
const instruction =
  /(instrucciones? (para|al|a la) (el |la )?(asistente|ia|modelo|bot|aladina)|ignora (las|tus|todas|toda|todo|lo anterior|cualquier)|ignore (all|any|previous|the above|your)|olvida (las|tus|todo|lo anterior)|olvidate de|desobedec|system prompt|prompt (del|de) sistema|instrucciones (del sistema|de sistema|anteriores|previas|ocultas|internas|que recibiste)|tus instrucciones|tus reglas|las reglas de (alcancia|aladina)|nuevas? instruccion|a partir de ahora|desde ahora (sos|eres|vas|responde|me)|actua como|actuas como|como si fueras|juego de rol|hagamos de cuenta|hace de cuenta|pretende que|you are now|new instructions|modo (desarrollador|debug|asesor|admin)|developer mode|jailbreak|revela (tu|tus|el)|mostra(me)? (tu|tus|el) (prompt|instrucciones|configuracion)|repeti (tu|tus|el|todo)|texto que esta arriba|sos aladina|<\/?(pregunta|instrucciones|pasaje|system)>|^system:|\bsystem:|decile a la usuaria|decile a las usuarias|respondele a la usuaria que|tell the user)/;

export function isInjectedInstruction(text: string): boolean {
  return instruction.test(fold(text));
}

/** Asks for what other learners wrote or asked, or for their personal data. */
const othersData = [
  /\b(otras|otros|demas) (personas|usuarias|usuarios|alumnas|alumnos|estudiantes|compañeras|compañeros|chicas|suscriptoras)\b/,
  /\b(las|los) (otras|otros|demas)\b.*\b(notas|preguntas|apuntes|anotaron|preguntaron|escribieron)/,
  /\b(notas|apuntes|preguntas|anotaciones|consultas)\b[^.?!]*\b(privadas|de todas|de todos|de la usuaria|del usuario|de una alumna|de una usuaria|de mi compañer[ao]|que tomo|que tomaron|que escribio|que escribieron|que hizo|que hicieron)\b/,
  /\b(notas|apuntes|preguntas|datos|mails?|emails?|correos?|telefonos?)\b[^.?!]*\S+@\S+\.\S+/,
  /\bquien mas (esta|hace|hizo|vio|tiene|mira|compro)\b/,
  /\bcuanto debe\b/,
  /\b(emails?|mails?|correos?|telefonos?|dni|direcciones?)\b[^.?!]*\b(alumnas|usuarias|personas|alumnos|usuarios|suscriptoras)\b/,
];
/** "las notas de Mora Morosa": a name, capitalised, after notes (on her own words, not folded). */
const notesOfSomeone =
  /\b(notas|apuntes|preguntas|anotaciones)\s+(de|que tomó|que tomo|que escribió|que escribio)\s+(mi compañera\s+|la usuaria\s+)?[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+/;

export function asksForOthersData(question: string): boolean {
  const text = fold(question);
  return othersData.some((pattern) => pattern.test(text)) || notesOfSomeone.test(question);
}
