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
  /\b(me conviene|nos conviene|me convendria|conviene mas|conviene que|que conviene|cual conviene|conviene (comprar|vender|invertir|pasar|poner|meter|hoy|ahora|este)|deberia|deberiamos|debo|tendria que|tengo que|me recomendas|me recomendarias|me recomienda|recomendame|recomendanos|que recomendas|recomendas|aconsejame|me aconsejas|que me aconsejas|me sugeris|sugerime|que harias|harias vos|que hago|donde pongo|donde meto|donde invierto|donde guardo|en que (invierto|pongo|meto|conviene)|que (compro|vendo|acciones compro|accion compro)|cual (compro|elijo|me conviene|es mejor para mi)|compro o|vendo o|invierto o|me paso a|mi plata|mis ahorros|mi sueldo|mis dolares|mi aguinaldo|mi dinero|mi indemnizacion|mi herencia|mi cartera|mis pesos|mis inversiones|mis acciones|mis bonos|mis cedears|para mi|en mi caso|mi situacion|yo (invierto|compro|vendo|pongo)|es buen momento|es el momento de|decime (que|cual|donde)|dime (que|cual)|armame|armar mi|elegime|elegi por mi)\b/;

/** …and of buying, selling, investing or an instrument. */
const investing =
  /\b(compr\w*|vend\w*|invert\w*|invier\w*|inversion\w*|pon(go|er)|met(o|er)|pas(o|arme|ar)|coloc\w*|eleg\w*|elij\w*|accion(es)?|bonos?|cedears?|dolar(es)?|cripto\w*|bitcoin|usdt|ethereum|fci|fondos? comun\w*|fondo|plazo fijo|caucion\w*|obligaciones negociables|lecaps?|letras|cartera|mep|blue|ahorr\w*|ypf|galicia|merval|oro|inmueble|departamento|acciones de)\b/;

export function asksPersonalAdvice(question: string): boolean {
  const text = fold(question);
  return personal.test(text) && investing.test(text);
}

/** An answer telling her what to do with her money. */
const advising =
  /\b(te recomiendo|te recomendamos|te aconsejo|te sugiero|mi recomendacion|deberias (comprar|vender|invertir|poner|pasar|meter|elegir|armar)|tendrias que (comprar|vender|invertir|poner|pasar)|yo que vos|si fuera vos|en tu lugar|lo mejor para vos|(compra|vende|inverti|pone|mete|pasa) (tus|tu|todo|ya|ahora|el|la|los|las|en) |(comprate|vendete) )/;

export function givesPersonalAdvice(answer: string): boolean {
  return advising.test(fold(answer));
}

/** A sentence that tries to command the assistant, in Spanish or English. */
const instruction =
  /(instrucciones? (para|al|a la) (el |la )?(asistente|ia|modelo|bot|aladina)|ignora (las|tus|todas|toda|todo|lo anterior|cualquier)|ignore (all|any|previous|the above|your)|olvida (las|tus|todo|lo anterior)|olvidate de|desobedec|system prompt|prompt del sistema|prompt de sistema|instrucciones (del sistema|anteriores|previas|ocultas|internas)|nuevas instrucciones|a partir de ahora (sos|eres|vas a|responde|responda|decis|deci)|actua como|actuas como|you are now|new instructions|modo desarrollador|developer mode|jailbreak|revela (tu|tus|el)|mostra(me)? (tu|tus|el) (prompt|instrucciones|configuracion)|repeti (tu|tus|el) (prompt|instrucciones)|decile a la usuaria|decile a las usuarias|respondele a la usuaria que|tell the user)/;

export function isInjectedInstruction(text: string): boolean {
  return instruction.test(fold(text));
}

/** Asks for what other learners wrote or asked, or for their personal data. */
const othersData =
  /\b((notas|apuntes|preguntas|consultas|datos|mails?|correos?|emails?|telefonos?|dni|direccion|nombres?|historial|conversaciones?|mensajes?|respuestas) (privad\w* )?(de|que (escribio|escribieron|hizo|hicieron|tomo|tomaron|pregunto|preguntaron)) (otra|otras|otro|otros|las demas|los demas|la usuaria|el usuario|las usuarias|los usuarios|las alumnas|los alumnos|las estudiantes|alguien|cualquier|una alumna|una usuaria|una compañera|mis compañeras|las compañeras|[a-z]+ [a-z]+@)|que (pregunto|preguntaron|escribio|escribieron|anoto|anotaron) (otra|otras|las demas|los demas|alguien|la usuaria|las usuarias|las alumnas|[a-z]+)|(notas|preguntas|apuntes) de (todas|todos|todo el mundo|las otras|los otros)|(usuaria|alumna|usuario|alumno) [a-z0-9._%+-]+@|ver las notas de|leer las notas de|mostra(me)? las notas de (?!mi|mis))/;

export function asksForOthersData(question: string): boolean {
  const text = fold(question);
  // "mis notas" is hers: she reads them in Mi cuenta
  return (
    othersData.test(text) &&
    !/\b(mis (notas|preguntas|apuntes))\b/.test(text.replace(/de (otra|otras|otro|otros)/, ''))
  );
}
